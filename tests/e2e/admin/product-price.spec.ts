import type { Product } from '../../../src/shared/schemas';
import { expect, openAdmin, productInput, test, unique, expectSavedInEditor } from './fixtures';

test('product price: set on an existing product, shown to visitors, changed and removed', async ({ adminPage: page, api }) => {
  test.setTimeout(90_000);
  const product = await api.createProduct(productInput(unique('Priced Product')));
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Information' });
    const price = info.getByLabel('Price', { exact: true });
    const currency = info.getByLabel('Currency');
    await expect(price).toHaveValue('');
    // No price, no currency to choose.
    await expect(currency).toBeDisabled();

    await price.fill('29.99');
    await expect(currency).toBeEnabled();
    await expect(currency).toHaveValue('USD');
    await currency.selectOption('EUR');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    expect(await api.get<Product>(`/api/products/${product.id}`)).toMatchObject({ price: 29.99, currency: 'EUR' });

    const publicPage = await page.context().newPage();
    await publicPage.goto(`/product/${product.slug}`);
    await expect(publicPage.locator('.buy-bar .price')).toHaveText('€29.99');
    await publicPage.close();

    // A value that is not a price is named at the field, and nothing is saved.
    await openAdmin(page, `/admin/products/${product.id}`);
    await expect(price).toHaveValue('29.99');
    await expect(currency).toHaveValue('EUR');
    await price.fill('12.345');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(info.getByText('must have at most 2 decimals')).toBeVisible();
    await price.fill('abc');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(info.getByText('must be a number, e.g. 29.99')).toBeVisible();
    expect(await api.get<Product>(`/api/products/${product.id}`)).toMatchObject({ price: 29.99, currency: 'EUR' });

    // Emptied: no price at all.
    await price.fill('');
    await expect(currency).toBeDisabled();
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    expect(await api.get<Product>(`/api/products/${product.id}`)).toMatchObject({ price: null, currency: null });
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});
