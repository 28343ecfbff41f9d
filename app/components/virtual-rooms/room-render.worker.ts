import type { RoomViewAngles } from '~/lib/virtual-rooms/view';
import { createRoomScene, textureFromBitmap, type RoomScene } from './room-scene';

/**
 * The room viewer's render worker (issue 26): three.js and the panorama's drawing on an OffscreenCanvas the page
 * handed over, so neither three.js's evaluation nor the first frame (the shader's compilation, the picture's upload)
 * is a long task on the page's main thread. The page keeps the input, the hotspots and the view; it sends what
 * changed (room-viewer-3d.client.tsx) and hears when a picture is drawn or failed.
 */
export type ToRenderWorker =
  | { type: 'init'; canvas: OffscreenCanvas; width: number; height: number; pixelRatio: number; view: RoomViewAngles }
  | { type: 'resize'; width: number; height: number }
  | { type: 'view'; view: RoomViewAngles }
  | { type: 'picture'; key: string; url: string }
  | { type: 'dispose' };

export type FromRenderWorker =
  | { type: 'maxTextureSize'; size: number }
  | { type: 'ready'; key: string }
  | { type: 'error'; key: string }
  /** no WebGL on an OffscreenCanvas here (the page draws itself then) */
  | { type: 'noWebgl' };

interface WorkerScope {
  postMessage: (message: FromRenderWorker) => void;
  onmessage: ((event: MessageEvent<ToRenderWorker>) => void) | null;
  requestAnimationFrame?: (callback: () => void) => number;
  cancelAnimationFrame?: (id: number) => void;
  close: () => void;
}

const scope = self as unknown as WorkerScope;
let scene: RoomScene | null = null;

scope.onmessage = ({ data: message }) => {
  switch (message.type) {
    case 'init': {
      // a worker's frame clock where the browser has one (Chromium, Firefox), else a timer at 60 Hz
      const requestFrame = scope.requestAnimationFrame ? (draw: () => void) => scope.requestAnimationFrame!(draw) : (draw: () => void) => setTimeout(draw, 16) as unknown as number;
      const cancelFrame = scope.cancelAnimationFrame ? (id: number) => scope.cancelAnimationFrame!(id) : (id: number) => clearTimeout(id);
      try {
        scene = createRoomScene(
          {
            canvas: message.canvas,
            pixelRatio: message.pixelRatio,
            requestFrame,
            cancelFrame,
            loadTexture: textureFromBitmap,
            events: { ready: (key) => scope.postMessage({ type: 'ready', key }), error: (key) => scope.postMessage({ type: 'error', key }) },
          },
          message.view,
        );
      } catch {
        scope.postMessage({ type: 'noWebgl' });
        return;
      }
      scope.postMessage({ type: 'maxTextureSize', size: scene.maxTextureSize });
      scene.resize(message.width, message.height);
      return;
    }
    case 'resize':
      scene?.resize(message.width, message.height);
      return;
    case 'view':
      scene?.setView(message.view);
      return;
    case 'picture':
      scene?.show({ key: message.key, url: message.url });
      return;
    case 'dispose':
      scene?.dispose();
      scene = null;
      scope.close();
  }
};
