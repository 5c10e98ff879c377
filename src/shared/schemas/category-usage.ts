import { z } from 'zod';

/** GET /api/categories/:id/usage (admin): what deleting the category would leave behind. */
export const CategoryUsageAnswerSchema = z.strictObject({
  /** Products in this category. */
  products: z.number(),
  /** Of those, the ones in no other category: they would be left uncategorised. */
  leftUncategorised: z.number(),
});
export type CategoryUsage = z.infer<typeof CategoryUsageAnswerSchema>;
