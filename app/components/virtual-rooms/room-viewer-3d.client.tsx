import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DoubleSide, LinearFilter, SRGBColorSpace, SphereGeometry, TextureLoader, type Mesh, type MeshBasicMaterial, type PerspectiveCamera, type Texture } from 'three';
import { directionOf, fovOf } from '~/lib/virtual-rooms/geometry';
import type { RoomViewAngles } from '~/lib/virtual-rooms/view';

/**
 * The three.js part of the room viewer (issue 17), loaded on demand (React.lazy) after the poster painted: an
 * equirectangular panorama on the inside of a sphere with the camera at its centre, looking where `view` says
 * (the hotspot buttons and all input live in room-viewer.tsx; this part only draws). A new picture fades in over
 * the old one (TRANSITION_MS). It renders on demand (frameloop "demand"), so an idle room costs no CPU.
 */
export const TRANSITION_MS = 450;

export interface Room3DProps {
  /** the picture to show (already the variant for this screen) and a key naming the pano */
  picture: { key: string; url: string };
  view: RoomViewAngles;
  /** the first frame with this picture is drawn */
  onReady: (key: string) => void;
  /** the picture failed to load (the viewer shows the spec's texture message and keeps the poster) */
  onError: (key: string) => void;
  /** WebGL's largest texture side, once known (the viewer picks the picture variant with it) */
  onMaxTextureSize?: (size: number) => void;
}

export default function Room3D(props: Room3DProps) {
  return (
    <Canvas
      frameloop="demand"
      dpr={[1, 2]}
      gl={{ antialias: false, powerPreference: 'low-power' }}
      camera={{ near: 0.1, far: 100, position: [0, 0, 0] }}
      aria-hidden="true"
      data-room-canvas
      style={{ position: 'absolute', inset: 0 }}
    >
      <Scene {...props} />
    </Canvas>
  );
}

interface Layer {
  key: string;
  texture: Texture;
  born: number;
}

function Scene({ picture, view, onReady, onError, onMaxTextureSize }: Room3DProps) {
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const size = useThree((state) => state.size);
  const gl = useThree((state) => state.gl);
  const invalidate = useThree((state) => state.invalidate);
  const [layers, setLayers] = useState<Layer[]>([]);
  // three's sphere, turned inside out (scale x -1) and rotated so the picture's centre column lies at azimuth 0 (-z)
  const geometry = useMemo(() => new SphereGeometry(10, 64, 32), []);
  useEffect(() => () => geometry.dispose(), [geometry]);

  useEffect(() => {
    onMaxTextureSize?.(gl.capabilities.maxTextureSize);
  }, [gl, onMaxTextureSize]);

  useEffect(() => {
    let cancelled = false;
    const loader = new TextureLoader();
    loader.setCrossOrigin('anonymous');
    loader.load(
      picture.url,
      (texture) => {
        if (cancelled) {
          texture.dispose();
          return;
        }
        texture.colorSpace = SRGBColorSpace;
        texture.minFilter = LinearFilter;
        texture.generateMipmaps = false;
        setLayers((current) => [...current.filter((l) => l.key !== picture.key).slice(-1), { key: picture.key, texture, born: performance.now() }]);
        invalidate();
      },
      undefined,
      () => {
        if (!cancelled) onError(picture.key);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [picture.key, picture.url, invalidate, onError]);

  // dispose textures of layers that left
  const previous = useRef<Layer[]>([]);
  useEffect(() => {
    for (const old of previous.current) if (!layers.includes(old)) old.texture.dispose();
    previous.current = layers;
  }, [layers]);
  useEffect(() => () => previous.current.forEach((l) => l.texture.dispose()), []);

  // the camera follows the view
  useEffect(() => {
    const aspect = size.width / Math.max(size.height, 1);
    camera.fov = fovOf(view.focalLength, aspect);
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
    const d = directionOf(view.azimuthalAngle, view.polarAngle);
    camera.lookAt(d.x, d.y, d.z);
    invalidate();
  }, [camera, view, size, invalidate]);

  const reported = useRef<string | null>(null);
  const meshes = useRef(new Map<string, Mesh>());
  useFrame(() => {
    const now = performance.now();
    let animating = false;
    layers.forEach((layer, index) => {
      const mesh = meshes.current.get(layer.key);
      if (!mesh) return;
      const material = mesh.material as MeshBasicMaterial;
      const t = index === 0 ? 1 : Math.min(1, (now - layer.born) / TRANSITION_MS);
      material.opacity = t;
      material.transparent = t < 1;
      if (t < 1) animating = true;
    });
    const top = layers[layers.length - 1];
    if (top && reported.current !== top.key) {
      reported.current = top.key;
      onReady(top.key);
    }
    if (animating) invalidate();
    else if (layers.length > 1) setLayers((current) => current.slice(-1));
  });

  return (
    <>
      {layers.map((layer, index) => (
        <mesh
          key={layer.key}
          ref={(mesh: Mesh | null) => {
            if (mesh) meshes.current.set(layer.key, mesh);
            else meshes.current.delete(layer.key);
          }}
          geometry={geometry}
          scale={[-1 * (1 - index * 0.01), 1 - index * 0.01, 1 - index * 0.01]}
          rotation={[0, -Math.PI / 2, 0]}
          renderOrder={index}
        >
          <meshBasicMaterial map={layer.texture} side={DoubleSide} depthWrite={false} transparent opacity={index === 0 ? 1 : 0} />
        </mesh>
      ))}
    </>
  );
}
