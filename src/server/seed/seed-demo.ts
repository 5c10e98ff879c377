import type { AppContext } from '../app-context';

// TODO(seed helper): demo content on the first start with an empty database.
export async function seedDemoContentIfEmpty(_ctx: AppContext): Promise<void> {}
