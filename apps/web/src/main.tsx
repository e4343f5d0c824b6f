import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { AppRouter } from './app/router';
import { queryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (container === null) throw new Error('The #root element is missing from index.html.');

// antd's providers are not here but in the layout route of the pages that use antd (app/antd-shell.tsx): the
// landing page renders without antd (docs/performance.md "Landing page").
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>,
);
