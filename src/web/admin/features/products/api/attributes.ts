import type { Attribute } from '../../../../../shared/schemas';
import { adminRequest } from '../../../lib/admin-api';

/** The attributes a product may have values of (decision 072). */
export const listProductAttributes = () => adminRequest<Attribute[]>('/attributes');
