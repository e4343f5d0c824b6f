import { TermsPage } from '@/features/legal/components/legal-texts';

/** Issue 23: a page of the footer (public). */
export default TermsPage;
