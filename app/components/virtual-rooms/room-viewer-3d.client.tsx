import { useEffect, useRef } from 'react';
import { DoubleSide, LinearFilter, Mesh, MeshBasicMaterial, PerspectiveCamera, SRGBColorSpace, Scene, SphereGeometry, TextureLoader, WebGLRenderer } from 'three';
import { directionOf, fovOf } from '~/lib/virtual-rooms/geometry';
import type { RoomViewAngles } from '~/lib/virtual-rooms/view';

/**
 * The three.js part of the room viewer (issue 17), loaded on demand (React.lazy) after the poster painted: an
 * equirectangular panorama on the inside of a sphere with the camera at its centre, looking where `view` says
 * (the hotspot buttons and all input live in room-viewer.tsx; this part only draws). A new picture fades in over
 * the old one (TRANSITION_MS). It draws only when something changed, so an idle room costs no CPU.
 *
 * Plain three.js with named imports rather than @react-three/fiber: fiber imports all of three (and brings its own
 * reconciler), about 95 KiB gzipped more, which would take the stand's /vr page over the room pages' 350 KiB
 * budget (scripts/js-budget.mjs). The scene is a single mesh per picture; nothing here needs a scene graph in JSX.
 */
export const TRANSITION_MS = 450;

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
}

interface Layer {
  key: string;
  mesh: Mesh<SphereGeometry, MeshBasicMaterial>;
  born: number;
}

interface Stage {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  geometry: SphereGeometry;
  layers: Layer[];
  frame: number | null;
  width: number;
  height: number;
  reported: string | null;
  draw: () => void;
}

export default function Room3D({ picture, view, onReady, onError, onMaxTextureSize }: Room3DProps) {
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<Stage | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const callbacks = useRef({ onReady, onError, onMaxTextureSize });
  callbacks.current = { onReady, onError, onMaxTextureSize };
  const pictureKey = useRef(picture.key);
  pictureKey.current = picture.key;

  // the renderer, once
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: false, powerPreference: 'low-power' });
    } catch {
      callbacks.current.onError(pictureKey.current);
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    const canvas = renderer.domElement;
    canvas.setAttribute('aria-hidden', 'true');
    canvas.setAttribute('data-room-canvas', '');
    Object.assign(canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%', display: 'block' });
    element.appendChild(canvas);
    callbacks.current.onMaxTextureSize?.(renderer.capabilities.maxTextureSize);

    const s: Stage = {
      renderer,
      scene: new Scene(),
      camera: new PerspectiveCamera(50, 1, 0.1, 100),
      // three's sphere seen from inside: mirrored (scale x -1) and turned so the picture's centre lies at azimuth 0 (-z)
      geometry: new SphereGeometry(10, 64, 32),
      layers: [],
      frame: null,
      width: 1,
      height: 1,
      reported: null,
      draw: () => {
        s.frame = null;
        const { azimuthalAngle, polarAngle, focalLength } = viewRef.current;
        const aspect = s.width / Math.max(s.height, 1);
        s.camera.fov = fovOf(focalLength, aspect);
        s.camera.aspect = aspect;
        s.camera.updateProjectionMatrix();
        const d = directionOf(azimuthalAngle, polarAngle);
        s.camera.lookAt(d.x, d.y, d.z);
        const now = performance.now();
        let animating = false;
        s.layers.forEach((layer, index) => {
          const t = index === 0 ? 1 : Math.min(1, (now - layer.born) / TRANSITION_MS);
          layer.mesh.material.opacity = t;
          if (t < 1) animating = true;
        });
        s.renderer.render(s.scene, s.camera);
        const top = s.layers[s.layers.length - 1];
        if (top && s.reported !== top.key) {
          s.reported = top.key;
          callbacks.current.onReady(top.key);
        }
        if (animating) request();
        else if (s.layers.length > 1) {
          // the fade is over: only the newest picture stays
          for (const old of s.layers.splice(0, s.layers.length - 1)) dispose(s, old);
          s.layers[0]!.mesh.material.opacity = 1;
        }
      },
    };
    const request = () => {
      if (s.frame === null) s.frame = requestAnimationFrame(s.draw);
    };
    stage.current = s;
    const resize = () => {
      s.width = Math.max(1, element.clientWidth);
      s.height = Math.max(1, element.clientHeight);
      renderer.setSize(s.width, s.height, false);
      request();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    const lost = (event: Event) => {
      event.preventDefault();
      callbacks.current.onError(pictureKey.current);
    };
    canvas.addEventListener('webglcontextlost', lost);
    return () => {
      observer.disconnect();
      canvas.removeEventListener('webglcontextlost', lost);
      if (s.frame !== null) cancelAnimationFrame(s.frame);
      for (const layer of s.layers.splice(0)) dispose(s, layer);
      s.geometry.dispose();
      renderer.dispose();
      canvas.remove();
      stage.current = null;
    };
  }, []);

  // a new view: one frame
  useEffect(() => {
    const s = stage.current;
    if (s && s.frame === null) s.frame = requestAnimationFrame(s.draw);
  }, [view]);

  // a new picture: load it and fade it in over the current one
  useEffect(() => {
    let cancelled = false;
    const loader = new TextureLoader();
    loader.load(
      picture.url,
      (texture) => {
        const s = stage.current;
        if (cancelled || !s) {
          texture.dispose();
          return;
        }
        texture.colorSpace = SRGBColorSpace;
        texture.minFilter = LinearFilter;
        texture.generateMipmaps = false;
        const material = new MeshBasicMaterial({ map: texture, side: DoubleSide, transparent: true, depthWrite: false, opacity: s.layers.length ? 0 : 1 });
        const mesh = new Mesh(s.geometry, material);
        // each newer picture a little inside the older one, drawn after it
        const radius = 1 - s.layers.length * 0.01;
        mesh.scale.set(-radius, radius, radius);
        mesh.rotation.y = -Math.PI / 2;
        mesh.renderOrder = s.layers.length;
        // a picture of this pano shown before (back and forth quickly) makes way for the new one
        for (const old of s.layers.filter((l) => l.key === picture.key)) dispose(s, old);
        s.layers = s.layers.filter((l) => l.key !== picture.key);
        s.layers.push({ key: picture.key, mesh, born: performance.now() });
        s.scene.add(mesh);
        s.reported = null;
        if (s.frame === null) s.frame = requestAnimationFrame(s.draw);
      },
      undefined,
      () => {
        if (!cancelled) callbacks.current.onError(picture.key);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [picture.key, picture.url]);

  return <div ref={container} className="absolute inset-0" />;
}

function dispose(s: Stage, layer: Layer) {
  s.scene.remove(layer.mesh);
  layer.mesh.material.map?.dispose();
  layer.mesh.material.dispose();
}
