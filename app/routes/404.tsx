export { loader, handle, default, ErrorBoundary, guards } from './$';
