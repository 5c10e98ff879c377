/** GET /api/categories/:id/usage (admin): what deleting the category would leave behind. */
export type CategoryUsage = {
  /** Products in this category. */
  products: number;
  /** Of those, the ones in no other category: they would be left uncategorised. */
  leftUncategorised: number;
};
