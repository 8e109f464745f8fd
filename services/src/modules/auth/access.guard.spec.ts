import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { AppError } from '../../common/errors/app-error.js';
import { AccessGuard, isAllowed } from './access.guard.js';
import type { JwtStrategy } from './jwt.strategy.js';

describe('AccessGuard decisions', () => {
  it('requires every permission of RequirePermissions and one of RequireAnyPermission', () => {
    const rule = { kind: 'permissions', permissions: [PERMISSIONS.GET_ROLES, PERMISSIONS.UPDATE_ROLES] } as const;
    expect(isAllowed({ ...rule, mode: 'all' }, [PERMISSIONS.GET_ROLES])).toBe(false);
    expect(isAllowed({ ...rule, mode: 'all' }, [PERMISSIONS.GET_ROLES, PERMISSIONS.UPDATE_ROLES])).toBe(true);
    expect(isAllowed({ ...rule, mode: 'any' }, [PERMISSIONS.UPDATE_ROLES])).toBe(true);
    expect(isAllowed({ ...rule, mode: 'any' }, [])).toBe(false);
    expect(isAllowed({ kind: 'authenticated' }, [])).toBe(true);
  });

  it('refuses a route that declares no access rule with a 403', async () => {
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
    const guard = new AccessGuard(new Reflector(), {} as JwtStrategy);
    await expect(guard.canActivate(context)).rejects.toMatchObject({ statusCode: 403 });
    await expect(guard.canActivate(context)).rejects.toBeInstanceOf(AppError);
  });
});
