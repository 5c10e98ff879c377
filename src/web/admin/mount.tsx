// Placeholder until the admin back-office lands: the entry point the public
// client bundle lazy-loads for every /admin path.
export function mountAdmin(container: HTMLElement): void {
  container.textContent = 'Loading...';
}
