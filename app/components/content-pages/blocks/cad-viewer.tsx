import { Canvas, useLoader, useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { Box3, Mesh, MeshStandardMaterial, Vector3, type BufferGeometry, type Object3D, type PerspectiveCamera } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { CAD_VIEWER, type CadFormat } from '~/lib/content-pages/viewers';

/**
 * The 3D viewer of the CADFILE block, loaded on demand (React.lazy): three.js with @react-three/fiber, the
 * model centred and framed, orbit controls whose zoom runs from 0.1 to 10 times the framing distance, field of
 * view 50, re-rendered when its box changes size (debounce 5 ms, spec 001 point 9).
 */
export default function CadViewer({
  url,
  format,
  label,
  background,
}: {
  url: string;
  format: CadFormat;
  label: string;
  background: string;
}) {
  return (
    <div className="h-full w-full touch-none" role="img" aria-label={label} data-cad-viewer>
      <Canvas
        camera={{ fov: CAD_VIEWER.fov, near: 0.01, far: 1000, position: [0, 0, 3] }}
        resize={{ debounce: CAD_VIEWER.resizeDebounceMs }}
        dpr={[1, 2]}
      >
        <color attach="background" args={[background]} />
        <hemisphereLight args={['#ffffff', '#667788', 1.2]} />
        <directionalLight position={[3, 5, 4]} intensity={1.6} />
        <directionalLight position={[-4, -2, -3]} intensity={0.5} />
        {format === 'stl' ? <StlModel url={url} /> : <GltfModel url={url} />}
      </Canvas>
    </div>
  );
}

function GltfModel({ url }: { url: string }) {
  const gltf = useLoader(GLTFLoader, url);
  return <Framed object={gltf.scene} />;
}

function StlModel({ url }: { url: string }) {
  const geometry = useLoader(STLLoader, url) as BufferGeometry;
  const mesh = useMemo(() => {
    geometry.computeVertexNormals();
    return new Mesh(geometry, new MeshStandardMaterial({ color: '#9aa4b1', metalness: 0.2, roughness: 0.6 }));
  }, [geometry]);
  return <Framed object={mesh} />;
}

/** Centres the model, puts the camera where it fills the view, and hands the visitor the orbit controls. */
function Framed({ object }: { object: Object3D }) {
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const domElement = useThree((state) => state.gl.domElement);
  const invalidate = useThree((state) => state.invalidate);

  const distance = useMemo(() => {
    const box = new Box3().setFromObject(object);
    const size = box.getSize(new Vector3());
    const centre = box.getCenter(new Vector3());
    object.position.sub(centre);
    const radius = Math.max(size.length() / 2, 1e-3);
    return radius / Math.sin(((camera.fov / 2) * Math.PI) / 180);
  }, [object, camera.fov]);

  useEffect(() => {
    camera.position.set(distance * 0.6, distance * 0.4, distance * 0.7).setLength(distance);
    camera.near = distance / 1000;
    camera.far = distance * 100;
    camera.updateProjectionMatrix();
    const controls = new OrbitControls(camera, domElement);
    controls.enableDamping = true;
    // zoom 0.1 to 10: from ten times the framing distance down to a tenth of it
    controls.minDistance = distance / CAD_VIEWER.maxZoom;
    controls.maxDistance = distance / CAD_VIEWER.minZoom;
    const redraw = () => invalidate();
    controls.addEventListener('change', redraw);
    let frame = 0;
    const tick = () => {
      controls.update();
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      controls.removeEventListener('change', redraw);
      controls.dispose();
    };
  }, [camera, domElement, distance, invalidate]);

  return <primitive object={object} />;
}
