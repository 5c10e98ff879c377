import { ApiError, API_BASE, readStoredToken } from '../../../../api/client';

/** The admin token as a request header, when signed in. */
export const authorization = (): Record<string, string> => {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** The export needs the admin token, so it is fetched and handed to the browser as a file. */
export async function downloadExport(file: 'products.csv' | 'catalogue.json'): Promise<void> {
  const response = await fetch(`${API_BASE}/export/${file}`, { headers: authorization() });
  if (!response.ok) throw new ApiError('Failed to export the catalogue', response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
