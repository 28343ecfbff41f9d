import {
  DoubleSide,
  ImageBitmapLoader,
  LinearFilter,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  SRGBColorSpace,
  Scene,
  SphereGeometry,
  Texture,
  TextureLoader,
  WebGLRenderer,
} from 'three';
import { directionOf, fovOf } from '~/lib/virtual-rooms/geometry';
import type { RoomViewAngles } from '~/lib/virtual-rooms/view';

/**
 * The three.js scene of the room viewer (issue 17): an equirectangular panorama on the inside of a sphere with the
 * camera at its centre, looking where the view says. A new picture fades in over the old one (TRANSITION_MS). It
 * draws only when something changed, so an idle room costs no CPU. The same code draws on the page's main thread
 * and in the render worker (room-render.worker.ts, on an OffscreenCanvas): the host gives the canvas, the frame
 * clock and how a picture becomes a texture.
 *
 * Plain three.js with named imports rather than @react-three/fiber: fiber imports all of three (and brings its own
 * reconciler), about 95 KiB gzipped more; the scene is a single mesh per picture, nothing needs a scene graph in JSX.
 */
export const TRANSITION_MS = 450;

export interface RoomSceneEvents {
  /** the first frame with this picture is drawn */
  ready: (key: string) => void;
  /** the picture failed to load, or the WebGL context was lost */
  error: (key: string) => void;
}

export interface RoomSceneHost {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  pixelRatio: number;
  requestFrame: (draw: () => void) => number;
  cancelFrame: (id: number) => void;
  loadTexture: (url: string) => Promise<Texture>;
  events: RoomSceneEvents;
}

export interface RoomScene {
  /** WebGL's largest texture side (the viewer picks the picture variant with it) */
  maxTextureSize: number;
  resize: (width: number, height: number) => void;
  setView: (view: RoomViewAngles) => void;
  show: (picture: { key: string; url: string }) => void;
  dispose: () => void;
}

interface Layer {
  key: string;
  mesh: Mesh<SphereGeometry, MeshBasicMaterial>;
  born: number;
}

/** The scene on the host's canvas; throws when WebGL cannot be had there. */
export function createRoomScene(host: RoomSceneHost, initialView: RoomViewAngles): RoomScene {
  const renderer = new WebGLRenderer({ canvas: host.canvas, antialias: false, powerPreference: 'low-power' });
  renderer.setPixelRatio(host.pixelRatio);
  const scene = new Scene();
  const camera = new PerspectiveCamera(50, 1, 0.1, 100);
  // three's sphere seen from inside: mirrored (scale x -1) and turned so the picture's centre lies at azimuth 0 (-z)
  const geometry = new SphereGeometry(10, 64, 32);
  let layers: Layer[] = [];
  let frame: number | null = null;
  let width = 1;
  let height = 1;
  let view = initialView;
  let reported: string | null = null;
  let current: string | null = null;
  let disposed = false;

  const request = () => {
    if (frame === null && !disposed) frame = host.requestFrame(draw);
  };
  const drop = (layer: Layer) => {
    scene.remove(layer.mesh);
    layer.mesh.material.map?.dispose();
    layer.mesh.material.dispose();
  };
  function draw() {
    frame = null;
    if (disposed) return;
    const aspect = width / Math.max(height, 1);
    camera.fov = fovOf(view.focalLength, aspect);
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
    const d = directionOf(view.azimuthalAngle, view.polarAngle);
    camera.lookAt(d.x, d.y, d.z);
    const now = performance.now();
    let animating = false;
    layers.forEach((layer, index) => {
      const t = index === 0 ? 1 : Math.min(1, (now - layer.born) / TRANSITION_MS);
      layer.mesh.material.opacity = t;
      if (t < 1) animating = true;
    });
    renderer.render(scene, camera);
    const top = layers[layers.length - 1];
    if (top && reported !== top.key) {
      reported = top.key;
      host.events.ready(top.key);
    }
    if (animating) request();
    else if (layers.length > 1) {
      // the fade is over: only the newest picture stays
      for (const old of layers.splice(0, layers.length - 1)) drop(old);
      layers[0]!.mesh.material.opacity = 1;
    }
  }

  const canvas = host.canvas as EventTarget & { addEventListener?: EventTarget['addEventListener'] };
  const lost = (event: Event) => {
    event.preventDefault();
    if (current) host.events.error(current);
  };
  canvas.addEventListener?.('webglcontextlost', lost);

  return {
    maxTextureSize: renderer.capabilities.maxTextureSize,
    resize(nextWidth, nextHeight) {
      width = Math.max(1, nextWidth);
      height = Math.max(1, nextHeight);
      renderer.setSize(width, height, false);
      request();
    },
    setView(next) {
      view = next;
      request();
    },
    show(picture) {
      current = picture.key;
      host.loadTexture(picture.url).then(
        (texture) => {
          if (disposed || current !== picture.key) {
            texture.dispose();
            return;
          }
          texture.colorSpace = SRGBColorSpace;
          texture.minFilter = LinearFilter;
          texture.generateMipmaps = false;
          const material = new MeshBasicMaterial({ map: texture, side: DoubleSide, transparent: true, depthWrite: false, opacity: layers.length ? 0 : 1 });
          const mesh = new Mesh(geometry, material);
          // each newer picture a little inside the older one, drawn after it
          const radius = 1 - layers.length * 0.01;
          mesh.scale.set(-radius, radius, radius);
          mesh.rotation.y = -Math.PI / 2;
          mesh.renderOrder = layers.length;
          // a picture of this pano shown before (back and forth quickly) makes way for the new one
          for (const old of layers.filter((l) => l.key === picture.key)) drop(old);
          layers = layers.filter((l) => l.key !== picture.key);
          layers.push({ key: picture.key, mesh, born: performance.now() });
          scene.add(mesh);
          reported = null;
          request();
        },
        () => {
          if (!disposed && current === picture.key) host.events.error(picture.key);
        },
      );
    },
    dispose() {
      disposed = true;
      canvas.removeEventListener?.('webglcontextlost', lost);
      if (frame !== null) host.cancelFrame(frame);
      for (const layer of layers.splice(0)) drop(layer);
      geometry.dispose();
      renderer.dispose();
    },
  };
}

/** A picture as a texture through an <img> (the page's main thread; decoded when it is first drawn). */
export function textureFromImage(url: string): Promise<Texture> {
  return new TextureLoader().loadAsync(url);
}

/**
 * A picture as a texture through fetch and createImageBitmap (a worker has no <img>): decoded off the drawing thread,
 * turned upside down as WebGL wants it (the flip an <img> gets at upload cannot be asked of a bitmap).
 */
export async function textureFromBitmap(url: string): Promise<Texture> {
  const bitmap = await new ImageBitmapLoader().setOptions({ imageOrientation: 'flipY', premultiplyAlpha: 'none' }).loadAsync(url);
  const texture = new Texture(bitmap);
  texture.flipY = false;
  texture.needsUpdate = true;
  return texture;
}
