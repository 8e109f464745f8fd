import type { ExecutionContext } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { AccessGuard } from './access.guard.js';
import type { JwtStrategy } from './jwt.strategy.js';

describe('AccessGuard decisions', () => {
  it('refuses a route missing from ROUTE_PERMISSIONS with a 403', async () => {
    class SomeController {
      handler() {
        return 'reached';
      }
    }
    const context = {
      getHandler: () => SomeController.prototype.handler,
      getClass: () => SomeController,
      switchToHttp: () => ({ getRequest: () => ({ method: 'GET', url: '/api/some' }), getResponse: () => undefined }),
    } as unknown as ExecutionContext;
    const guard = new AccessGuard({} as JwtStrategy);
    await expect(guard.canActivate(context)).rejects.toMatchObject({ statusCode: 403 });
    await expect(guard.canActivate(context)).rejects.toBeInstanceOf(AppError);
  });
});
