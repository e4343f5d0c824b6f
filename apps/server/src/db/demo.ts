/**
 * Moved: the demo account is boot work and lives in `src/demo-account.ts`, next to `boot.ts`. This re-export keeps
 * the old import path for the HTTP test until it imports `../src/demo-account`; then delete this file.
 */
export {
  DEMO_COMPANY_INFO,
  DEMO_COMPANY_NAME,
  DEMO_ORDER_NAME,
  DEMO_SALARIES,
  DEMO_TEMPLATE_KEY,
  DEMO_USER_NAME,
  ensureDemoAccount,
  type DemoOutcome,
} from '../demo-account';
