import type { Attribute, AttributeInput, Deleted } from '../../../../../shared/schemas';
import { adminRequest } from '../../../lib/admin-api';

/** The owner's attributes: a handful, read whole (decision 072). */
export const listAttributes = () => adminRequest<Attribute[]>('/attributes');
export const createAttribute = (input: AttributeInput) => adminRequest<Attribute>('/attributes', { method: 'POST', body: input });
export const updateAttribute = (id: string, input: AttributeInput) => adminRequest<Attribute>(`/attributes/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
export const deleteAttribute = (id: string) => adminRequest<Deleted>(`/attributes/${encodeURIComponent(id)}`, { method: 'DELETE' });
