import { errorFactory } from '../../common/errors/error-table.js';

export enum CategoriesErrorCode {
  CategoryNotFound = 'CATEGORY_NOT_FOUND',
}

/** Every refusal of the reference lists' categories: none needs more than its code. */
export const categoriesError = errorFactory<CategoriesErrorCode, Record<string, never>>(
  {
    [CategoriesErrorCode.CategoryNotFound]: { status: 404, message: 'Category not found' },
  },
  {},
);
