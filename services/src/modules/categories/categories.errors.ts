import { AppError, assertNever } from '../../common/errors/app-error.js';

export enum CategoriesErrorCode {
  CategoryNotFound = 'CATEGORY_NOT_FOUND',
}

export function categoriesError(code: CategoriesErrorCode): AppError {
  switch (code) {
    case CategoriesErrorCode.CategoryNotFound:
      return new AppError(404, 'Category not found');
    default:
      return assertNever(code);
  }
}
