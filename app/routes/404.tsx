export { loader, meta, default, ErrorBoundary, guards } from './$';
