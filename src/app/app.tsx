import { BrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './error-boundary';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppErrorBoundary>
      <AppProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </AppErrorBoundary>
  );
}
