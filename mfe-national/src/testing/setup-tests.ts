// Real antd screens in jsdom: on a busy two-core machine one step can take seconds, longer than
// testing-library's default wait of one second. Waiting longer only slows a failing test.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(90_000);
