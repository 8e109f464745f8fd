import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { AccountsService } from './accounts.service.js';
import { ListUsersQueryDto } from './dto/list-users-query.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterUserDto } from './dto/register-user.dto.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { SignInService } from './sign-in.service.js';
import { Answer } from '../../openapi/answer.decorator.js';

// Who may call each route is written once, in libs' ROUTE_PERMISSIONS ('POST /accounts/register' ...):
// the user routes need the admin page's permission as well as their own, as the access flags do.

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('accounts')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly signIn: SignInService,
  ) {}

  /**
   * `{ token, message, user }`; the client stores 'Bearer ' + token. A success also sets the device
   * cookie (HttpOnly, for this route only) that lets this device past the account's throttle later.
   */
  @Post('login')
  @Answer('Sign in: a token for a new session, with the user and the permissions in force', 'LoginResponse', {
    errors: { 503: 'Password checks are all busy just now, or the database cannot be reached (Retry-After)' },
  })
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { answer, deviceCookie } = await this.signIn.login(dto, {
      ip: request.ip ?? null,
      cookies: request.headers.cookie,
      secure: request.protocol === 'https',
    });
    void reply.header('set-cookie', deviceCookie);
    return answer;
  }

  /** The session check: the signed-in user with the permissions the role holds now. */
  @Post('auth')
  @Answer('The session check: the signed-in user with the permissions the role holds now', 'SessionUser')
  @HttpCode(200)
  auth(@CurrentUser() user: AuthenticatedUser) {
    return this.signIn.session(user);
  }

  /** Revokes this token: it is refused from the next request on. */
  @Post('logout')
  @Answer('Sign out: this token is refused from the next request on', 'MessageAnswer')
  @HttpCode(200)
  logout(@CurrentUser() user: AuthenticatedUser) {
    return this.signIn.logout(user);
  }

  @Post('register')
  @Answer('Registers a user account with a role', 'UserView', { status: 201, errors: { 409: 'The user name is taken' } })
  register(@CurrentUser() user: AuthenticatedUser, @Body() dto: RegisterUserDto) {
    return this.accounts.register(user, dto);
  }

  /** `{ items, count, offset }`, 100 a page; `search` matches first, last or user name. */
  @Get()
  @Answer('User accounts, 100 a page; `search` matches first, last or user name', 'UserPage')
  list(@Query() query: ListUsersQueryDto) {
    return this.accounts.list(query.search, query.offset);
  }

  @Get(':userid')
  @Answer('One user account, with its photo', 'UserView')
  get(@Param('userid', ParseIdPipe) userId: string) {
    return this.accounts.get(userId);
  }

  @Put(':userid')
  @Answer('Changes a user account: names, role, photo, password, active', 'UserView', { errors: { 409: 'The user name is taken, or the last administrator would be lost' } })
  update(@CurrentUser() user: AuthenticatedUser, @Param('userid', ParseIdPipe) userId: string, @Body() dto: UpdateUserDto) {
    return this.accounts.update(user, userId, dto);
  }

  /** The audit entries of one user account, newest first. */
  @Get(':userid/history')
  @Answer('The audit entries of one user account, newest first, 100 a page', 'AuditPage')
  history(@Param('userid', ParseIdPipe) userId: string, @Query() query: PageQueryDto) {
    return this.accounts.history(userId, query.offset);
  }
}
