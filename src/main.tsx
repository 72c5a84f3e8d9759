import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// index.html's <title> serves crawlers and the moment before the app runs; each page then renders
// its own (React 19 adds a new element rather than adopting it), and a document has one title.
document.head.querySelector('title')?.remove();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
