// /client/privacypolicy shows the platform privacy policy too (spec 000 public routes).
export { default, guards, loader, meta } from './privacypolicy';
