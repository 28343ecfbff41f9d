// /client/imprint shows the platform imprint too (spec 000 public routes).
export { default, guards, loader, meta } from './imprint';
