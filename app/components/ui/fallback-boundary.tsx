import { Component, type ReactNode } from 'react';

/** Shows `fallback` instead of its children once they threw while rendering (a 3D viewer without WebGL, a failed load). */
export class FallbackBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
