import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

/** The baseline: the smallest React + React Router (data mode) page, one home route. */
const router = createBrowserRouter([{ path: '/', element: <h1>Home</h1> }]);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
