import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { onceTakenOver, takeServerAnswers } from './app/query-state';
import { AppRouter, createAppRouter, whenRouterReady } from './app/router';
import { queryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (container === null) throw new Error('The #root element is missing from index.html.');

takeServerAnswers(queryClient, document);
onceTakenOver(container, document);
const router = createAppRouter(queryClient);
const render = () =>
  // antd's providers are not here but in the layout route of the pages that use antd (app/antd-shell.tsx): the
  // landing page renders without antd (docs/performance.md "Landing page").
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );

// A page the server sent already drawn (the landing page, a signed-in first screen: issue 39) stays as it is until
// the app can draw the same page: React's first render replaces it in one go, where drawing at once would show the
// page's skeleton between.
if (container.hasChildNodes()) whenRouterReady(router, render);
else render();
