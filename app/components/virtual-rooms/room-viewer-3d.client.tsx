import { useEffect, useRef } from 'react';
import type { RoomViewAngles } from '~/lib/virtual-rooms/view';
import type { RoomScene, RoomSceneEvents } from './room-scene';
import type { FromRenderWorker, ToRenderWorker } from './room-render.worker';

/**
 * The drawing part of the room viewer (issue 17), loaded on demand (React.lazy) after the poster painted: the
 * panorama drawn by three.js (room-scene.ts), looking where `view` says (the hotspot buttons and all input live in
 * room-viewer.tsx; this part only draws). Where the browser can hand a canvas to a worker (OffscreenCanvas), three.js
 * runs and draws in the render worker (room-render.worker.ts), off the page's main thread (issue 26: the first frame
 * was a long task of 140 ms there, four times that on a slow phone); elsewhere, or when the worker gets no WebGL, the
 * same scene draws here, three.js imported only then.
 */
export interface Room3DProps {
  /** the picture to show (already the variant for this screen) and a key naming the pano */
  picture: { key: string; url: string };
  view: RoomViewAngles;
  /** the first frame with this picture is drawn */
  onReady: (key: string) => void;
  /** the picture failed to load, or WebGL failed (the viewer shows the spec's texture message and keeps the poster) */
  onError: (key: string) => void;
  /** WebGL's largest texture side, once known (the viewer picks the picture variant with it) */
  onMaxTextureSize?: (size: number) => void;
  /** no WebGL at all here (the viewer shows the flat view with its message) */
  onNoWebgl?: () => void;
}

interface Size {
  width: number;
  height: number;
}

/** What the component asks of whoever draws: the latest size, view and picture. */
interface Drawer {
  resize: (size: Size) => void;
  setView: (view: RoomViewAngles) => void;
  show: (picture: { key: string; url: string }) => void;
  dispose: () => void;
}

interface DrawerEvents extends RoomSceneEvents {
  maxTextureSize: (size: number) => void;
  noWebgl: () => void;
}

interface DrawerState {
  size: Size;
  view: RoomViewAngles;
  picture: { key: string; url: string } | null;
}

const pixelRatio = () => Math.min(window.devicePixelRatio || 1, 2);

function newCanvas(element: HTMLElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.setAttribute('data-room-canvas', '');
  Object.assign(canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%', display: 'block' });
  element.appendChild(canvas);
  return canvas;
}

/** The scene on the page's main thread, three.js imported when it is first needed. */
function mainThreadDrawer(element: HTMLElement, state: DrawerState, events: DrawerEvents): Drawer {
  const canvas = newCanvas(element);
  let scene: RoomScene | null = null;
  let disposed = false;
  import('./room-scene').then(
    ({ createRoomScene, textureFromImage }) => {
      if (disposed) return;
      try {
        scene = createRoomScene(
          { canvas, pixelRatio: pixelRatio(), requestFrame: (draw) => requestAnimationFrame(draw), cancelFrame: (id) => cancelAnimationFrame(id), loadTexture: textureFromImage, events },
          state.view,
        );
      } catch {
        events.noWebgl();
        return;
      }
      events.maxTextureSize(scene.maxTextureSize);
      scene.resize(state.size.width, state.size.height);
      scene.setView(state.view);
      if (state.picture) scene.show(state.picture);
    },
    () => state.picture && events.error(state.picture.key),
  );
  return {
    resize: (size) => scene?.resize(size.width, size.height),
    setView: (view) => scene?.setView(view),
    show: (picture) => scene?.show(picture),
    dispose: () => {
      disposed = true;
      scene?.dispose();
      canvas.remove();
    },
  };
}

/** Whether this browser can give a canvas to a worker to draw on. */
function offscreenDrawing(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function';
}

/** The scene in the render worker; falls back to the main thread when the worker gets no WebGL or does not start. */
function workerDrawer(element: HTMLElement, state: DrawerState, events: DrawerEvents): Drawer {
  const canvas = newCanvas(element);
  const offscreen = canvas.transferControlToOffscreen();
  const worker = new Worker(new URL('./room-render.worker.ts', import.meta.url));
  let fallback: Drawer | null = null;
  const send = (message: ToRenderWorker, transfer: Transferable[] = []) => {
    if (!fallback) worker.postMessage(message, transfer);
  };
  const toMainThread = () => {
    if (fallback) return;
    worker.terminate();
    canvas.remove();
    fallback = mainThreadDrawer(element, state, events);
  };
  worker.onmessage = ({ data: message }: MessageEvent<FromRenderWorker>) => {
    if (fallback) return;
    if (message.type === 'ready') events.ready(message.key);
    else if (message.type === 'error') events.error(message.key);
    else if (message.type === 'maxTextureSize') events.maxTextureSize(message.size);
    else if (message.type === 'noWebgl') toMainThread();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    toMainThread();
  };
  send({ type: 'init', canvas: offscreen, ...state.size, pixelRatio: pixelRatio(), view: state.view }, [offscreen]);
  if (state.picture) send({ type: 'picture', ...state.picture });
  return {
    resize: (size) => (fallback ? fallback.resize(size) : send({ type: 'resize', ...size })),
    setView: (view) => (fallback ? fallback.setView(view) : send({ type: 'view', view })),
    show: (picture) => (fallback ? fallback.show(picture) : send({ type: 'picture', ...picture })),
    dispose: () => {
      if (fallback) fallback.dispose();
      else {
        send({ type: 'dispose' });
        worker.terminate();
        canvas.remove();
      }
    },
  };
}

export default function Room3D({ picture, view, onReady, onError, onMaxTextureSize, onNoWebgl }: Room3DProps) {
  const container = useRef<HTMLDivElement>(null);
  const drawer = useRef<Drawer | null>(null);
  // what the drawer starts with, and what a fallback to the main thread starts with
  const state = useRef<DrawerState>({ size: { width: 1, height: 1 }, view, picture: null });
  state.current.view = view;
  const callbacks = useRef({ onReady, onError, onMaxTextureSize, onNoWebgl });
  callbacks.current = { onReady, onError, onMaxTextureSize, onNoWebgl };

  // the drawer, once
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const events: DrawerEvents = {
      ready: (key) => callbacks.current.onReady(key),
      error: (key) => callbacks.current.onError(key),
      maxTextureSize: (size) => callbacks.current.onMaxTextureSize?.(size),
      noWebgl: () => (callbacks.current.onNoWebgl ? callbacks.current.onNoWebgl() : state.current.picture && callbacks.current.onError(state.current.picture.key)),
    };
    state.current.size = { width: Math.max(1, element.clientWidth), height: Math.max(1, element.clientHeight) };
    const d = offscreenDrawing() ? workerDrawer(element, state.current, events) : mainThreadDrawer(element, state.current, events);
    drawer.current = d;
    const observer = new ResizeObserver(() => {
      state.current.size = { width: Math.max(1, element.clientWidth), height: Math.max(1, element.clientHeight) };
      d.resize(state.current.size);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      d.dispose();
      drawer.current = null;
    };
  }, []);

  // a new view: one frame
  useEffect(() => drawer.current?.setView(view), [view]);

  // a new picture: loaded and faded in over the current one
  useEffect(() => {
    state.current.picture = { key: picture.key, url: picture.url };
    drawer.current?.show(state.current.picture);
  }, [picture.key, picture.url]);

  return <div ref={container} className="absolute inset-0" />;
}
