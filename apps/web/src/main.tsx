import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (container === null) throw new Error('The #root element is missing from index.html.');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
