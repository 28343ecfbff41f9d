import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FallbackBoundary } from '~/components/ui/fallback-boundary';
import { useHydrated } from '~/components/ui/use-hydrated';
import { VisitorDialog } from '~/components/visitor/visitor-dialog';
import {
  DEFAULT_VIEW,
  clampView,
  dragView,
  equirectOf,
  horizontalFovOf,
  interpolateView,
  isPhoneScreen,
  pictureFor,
  projectPoint,
  sortByAngle,
  tourProgress,
  unprojectPoint,
  viewFacing,
  zoomView,
  type Vec3,
  type Viewport,
} from '~/lib/virtual-rooms/geometry';
import {
  autorotateAllowed,
  autorotateView,
  canZoom,
  compassRotation,
  gyroView,
  headingDegrees,
  idleRotation,
  orientationLook,
  pinchFocalLength,
  type IdleRotation,
  type PinchStart,
} from '~/lib/virtual-rooms/controls';
import type { InfoPointView, NavPointView, PanoView, RoomView, RoomViewAngles, TourStepView } from '~/lib/virtual-rooms/view';

/** three.js and @react-three/fiber: their own chunk, imported only after the poster painted (never on the server). */
const Room3D = lazy(() => import('./room-viewer-3d.client'));

export interface RoomViewerProps {
  room: RoomView;
  lang: string;
  mode: 'visit' | 'edit';
  /** edit mode: a click in the panorama (not a drag) returns the sphere point under it */
  onPick?: (point: { x: number; y: number; z: number }, panoId: string) => void;
  /** the current pano and view, whenever it changes (the editor's "set the initial view from the current view") */
  onViewChange?: (panoId: string, angles: RoomViewAngles) => void;
  /** the pano to start in (a `?pano=` link, the editor's selection); the room's initial pano otherwise */
  initialPanoId?: string;
  /** the tour step shown in the list view without JavaScript (`?step=n`, counted from 1) */
  listStep?: number;
  /** where links to another pano of this room lead without JavaScript: `?pano={id}` on the current page by default */
  panoHref?: (panoId: string) => string;
  /**
   * The page owns the selected pano (the editor: its URL, issue 24 item 14): every switch the visitor makes (the
   * pano links, a nav point, a tour step) is handed to it, and the viewer shows the pano once `initialPanoId` says so.
   */
  onSelectPano?: (panoId: string) => void;
}

type Focus = { kind: 'nav'; point: NavPointView } | { kind: 'info'; point: InfoPointView };

/**
 * The panorama's height, the same for the server's flat strip and the 3D view that replaces it after hydration: the
 * poster the server sends stays the page's largest paint (LCP), the 3D view's poster is not a larger, later one.
 */
const STAGE_HEIGHT = 'h-[min(45svh,26rem)] sm:h-[min(65vh,34rem)]';
const KEY_STEP = 0.12; // radians per arrow key press
const ZOOM_STEP = 1.15;
const CLICK_SLOP = 5; // px a pointer may move and still count as a click

/**
 * The one viewer of a virtual room (issue 17): for `/virtual-room/{slug}`, `/standalone-room/{slug}`, the stand's
 * `/vr/{rpslug}`, the convention in room mode and the console editor's preview.
 *
 * Server render and no JavaScript: the flat panorama strip (the poster picture) with the points on it and the list
 * view below, all plain links (`?pano=` switches the pano). After hydration the strip stays as the poster while
 * the three.js part loads (its own chunk); then the 360° view takes over with drag, touch, wheel, pinch, arrow keys
 * and +/-. Every hotspot is an HTML button over the canvas (projected from its x, y, z; hidden behind the camera),
 * in Tab order nav points then info points, each from left to right; a focused one turns the view to it. "Lite"
 * goes back to the strip. A texture that fails to load, or no WebGL, leaves the strip with a message.
 */
export function RoomViewer({ room, lang, mode, onPick, onViewChange, initialPanoId, listStep, panoHref, onSelectPano }: RoomViewerProps) {
  const { t } = useTranslation('roomsviewer');
  const hydrated = useHydrated();
  const editing = mode === 'edit';
  const startPano = room.panos.find((p) => p.id === initialPanoId) ?? room.panos.find((p) => p.id === room.initialPanoId) ?? room.panos[0] ?? null;
  const [panoId, setPanoId] = useState<string | null>(startPano?.id ?? null);
  const pano = room.panos.find((p) => p.id === panoId) ?? startPano;
  const startView = (p: PanoView | null): RoomViewAngles => clampView(p?.initialView ?? (p?.id === room.initialPanoId ? room.initialView : null) ?? room.initialView ?? DEFAULT_VIEW);
  const [view, setView] = useState<RoomViewAngles>(() => startView(startPano));
  const [lite, setLite] = useState(false);
  const [webgl, setWebgl] = useState(true);
  const [ready, setReady] = useState<string | null>(null);
  // the first poster has loaded (or failed): only then does the 3D code load, so three.js's parse never delays the
  // poster's paint (the page's LCP) on a slow phone
  const [posterSettled, setPosterSettled] = useState(false);
  const onPosterSettled = useCallback(() => setPosterSettled(true), []);
  const [failed, setFailed] = useState<string | null>(null);
  const [maxTexture, setMaxTexture] = useState<number | undefined>(undefined);
  const [viewport, setViewport] = useState<Viewport>({ width: 0, height: 0 });
  const [focus, setFocus] = useState<Focus | null>(null);
  const [tourIndex, setTourIndex] = useState<number | null>(null);
  const [openInfo, setOpenInfo] = useState<InfoPointView | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const animation = useRef<number | null>(null);
  /** the view a pano switch handed to the page should start with (a tour step's), once the page selects that pano */
  const pendingView = useRef<{ panoId: string; view: RoomViewAngles } | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  // the room passed in changed (the editor added a pano, a point): keep the pano if it still exists
  useEffect(() => {
    if (panoId && !room.panos.some((p) => p.id === panoId)) {
      const next = room.panos.find((p) => p.id === room.initialPanoId) ?? room.panos[0] ?? null;
      setPanoId(next?.id ?? null);
      if (next) setView(startView(next));
    } else if (!panoId && room.panos[0]) {
      setPanoId(room.panos[0].id);
      setView(startView(room.panos[0]));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room]);

  // the page's selection of another pano (the editor's URL)
  useEffect(() => {
    if (initialPanoId && initialPanoId !== panoId && room.panos.some((p) => p.id === initialPanoId)) {
      const pending = pendingView.current?.panoId === initialPanoId ? pendingView.current.view : undefined;
      pendingView.current = null;
      goToPano(initialPanoId, pending);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialPanoId]);

  useEffect(() => {
    if (pano) onViewChange?.(pano.id, view);
  }, [pano, view, onViewChange]);

  // the stage's size, for the projection of the hotspots
  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const measure = () => setViewport({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
    // the 3D stage mounts once the page is hydrated and the poster has settled
  }, [hydrated, lite, posterSettled]);

  const stopAnimation = () => {
    if (animation.current !== null) cancelAnimationFrame(animation.current);
    animation.current = null;
  };
  const animateTo = useCallback((target: RoomViewAngles, ms = 500) => {
    stopAnimation();
    const from = viewRef.current;
    const start = performance.now();
    const reduce = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduce || ms <= 0) {
      setView(clampView(target));
      return;
    }
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / ms);
      setView(interpolateView(from, target, t));
      animation.current = t < 1 ? requestAnimationFrame(tick) : null;
    };
    animation.current = requestAnimationFrame(tick);
  }, []);
  useEffect(() => stopAnimation, []);

  function goToPano(id: string, view?: RoomViewAngles) {
    const next = room.panos.find((p) => p.id === id);
    if (!next) return;
    stopAnimation();
    setPanoId(next.id);
    setFailed(null);
    setView(clampView(view ?? startView(next)));
  }

  /** A switch the visitor asked for: the page's when it owns the selection, else the viewer's own. */
  function choosePano(id: string, view?: RoomViewAngles) {
    if (!onSelectPano) {
      goToPano(id, view);
      return;
    }
    pendingView.current = view ? { panoId: id, view } : null;
    onSelectPano(id);
  }

  const show3d = hydrated && posterSettled && !lite && webgl && !failed && Boolean(pano);
  const visitSetupMissing = !editing && room.setup === 'NO_INITIAL_VIEW';

  // the picture variant for this screen: at most 2048 px on phones (RoomPicture.sizes)
  const picture = useMemo(() => {
    if (!pano || !hydrated || viewport.width === 0) return null;
    const phone = isPhoneScreen(window.screen?.width ?? viewport.width, window.screen?.height ?? viewport.height);
    const chosen = pictureFor(pano.picture, {
      canvasWidth: viewport.width,
      pixelRatio: window.devicePixelRatio || 1,
      phone,
      maxTextureSize: maxTexture,
      horizontalFov: horizontalFovOf(DEFAULT_VIEW.focalLength, viewport.width / Math.max(viewport.height, 1)),
    });
    return { key: pano.id, url: chosen.url };
    // the variant is chosen once per pano and size class, not on every pixel of a resize
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pano?.id, hydrated, viewport.width > 0, maxTexture]);

  const onReady = useCallback((key: string) => setReady(key), []);
  const onError = useCallback((key: string) => setFailed(key), []);
  // whether WebGL can be had is found out by drawing (in the render worker or here), not by a context of its own
  const onNoWebgl = useCallback(() => setWebgl(false), []);

  // Tab order: nav points, then info points, each from left to right as the pano starts
  const ordered = useMemo(() => {
    if (!pano) return { nav: [], info: [] };
    const reference = startView(pano).azimuthalAngle;
    return { nav: sortByAngle(pano.navPoints, reference), info: sortByAngle(pano.infoPoints, reference) };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pano]);

  function activateNav(point: NavPointView) {
    if (point.destination.kind === 'PANO') {
      choosePano(point.destination.panoId);
      requestAnimationFrame(() => stageRef.current?.focus());
      return;
    }
    if (point.destination.external) window.open(point.destination.href, '_blank', 'noopener,noreferrer');
    else window.location.assign(point.destination.href);
  }

  const [gyro, setGyro] = useState<'off' | 'on' | 'denied'>('off');
  const gyroStart = useRef<{ view: RoomViewAngles; bearing: number } | null>(null);
  // the gyroscope (issue 24 item 17): offered on touch screens with an orientation sensor, after the permission
  // iOS asks for; the view turns as the phone does, from where it was when steering began (a drag re-anchors it)
  const gyroSupported = hydrated && typeof window !== 'undefined' && 'DeviceOrientationEvent' in window && Boolean(window.matchMedia?.('(pointer: coarse)').matches);
  async function toggleGyro() {
    if (gyro === 'on') {
      setGyro('off');
      return;
    }
    const request = (window.DeviceOrientationEvent as unknown as { requestPermission?: () => Promise<'granted' | 'denied'> }).requestPermission;
    if (typeof request === 'function') {
      const answer = await request().catch(() => 'denied' as const);
      if (answer !== 'granted') {
        setGyro('denied');
        return;
      }
    }
    gyroStart.current = null;
    setGyro('on');
  }
  useEffect(() => {
    if (gyro !== 'on') return;
    const onOrientation = (event: DeviceOrientationEvent) => {
      const look = orientationLook(event.alpha, event.beta, event.gamma);
      if (!look) return;
      if (!gyroStart.current) gyroStart.current = { view: viewRef.current, bearing: look.bearing };
      setView(gyroView(gyroStart.current, look));
    };
    window.addEventListener('deviceorientation', onOrientation);
    return () => window.removeEventListener('deviceorientation', onOrientation);
  }, [gyro]);

  // full screen (issue 24 item 17): the Fullscreen API on the panorama's frame; where a browser lacks it (iPhone
  // Safari) the frame covers the window instead
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(frameRef.current) && document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  function toggleFullscreen() {
    const frame = frameRef.current;
    if (!frame) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else if (fullscreen) {
      setFullscreen(false);
    } else if (document.fullscreenEnabled && frame.requestFullscreen) {
      frame.requestFullscreen().catch(() => setFullscreen(true));
    } else {
      setFullscreen(true);
    }
    requestAnimationFrame(() => stageRef.current?.focus());
  }
  const zoomBy = (factor: number) => {
    stopAnimation();
    setView((v) => zoomView(v, factor));
  };
  const resetView = () => {
    gyroStart.current = null;
    if (pano) animateTo(startView(pano));
  };

  // pointer input: drag to look, pinch and wheel to zoom, a click in edit mode picks a point
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ moved: number; pinch: PinchStart | null }>({ moved: 0, pinch: null });
  const fingerDistance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    stopAnimation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1) gesture.current = { moved: 0, pinch: null };
    // a second finger: the pinch measures from here (issue 24 item 15: zoom follows the distance, not its jitter)
    if (pointers.current.size === 2) gesture.current.pinch = { distance: fingerDistance(), focalLength: viewRef.current.focalLength };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture.current.moved += Math.abs(dx) + Math.abs(dy);
    if (pointers.current.size >= 2) {
      const start = gesture.current.pinch;
      if (!start) return;
      const focalLength = pinchFocalLength(start, fingerDistance());
      setView((v) => ({ ...v, focalLength }));
      return;
    }
    // after a pinch the remaining finger drags on
    gyroStart.current = null;
    setView((v) => dragView(v, dx, dy, viewport));
  };
  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    const had = pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) gesture.current.pinch = null;
    if (!had || pointers.current.size > 0) return;
    if (editing && onPick && pano && gesture.current.moved <= CLICK_SLOP) {
      const rect = event.currentTarget.getBoundingClientRect();
      const point = unprojectPoint(event.clientX - rect.left, event.clientY - rect.top, viewRef.current, viewport);
      onPick({ x: round(point.x), y: round(point.y), z: round(point.z) }, pano.id);
    }
  };
  useEffect(() => {
    const element = stageRef.current;
    if (!element || !show3d) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      stopAnimation();
        setView((v) => zoomView(v, event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [show3d]);
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const turn: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const step = turn[event.key];
    if (event.key === 'Escape' && fullscreen && !document.fullscreenElement) {
      setFullscreen(false);
    } else if (step) {
      event.preventDefault();
      stopAnimation();
      setView((v) => clampView({ ...v, azimuthalAngle: v.azimuthalAngle + step[0], polarAngle: v.polarAngle + step[1] }));
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      setView((v) => zoomView(v, ZOOM_STEP));
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      setView((v) => zoomView(v, 1 / ZOOM_STEP));
    }
  };

  // autorotation on idle (issue 24 item 17): after AUTOROTATE.idleMs without pointer, key, wheel or focus input
  // anywhere on the page the view turns slowly; never with reduced motion, in the editor, while a hotspot has the
  // focus, the gyroscope steers or a tour shows its views; the pause button switches it off
  const reducedMotion = useReducedMotion();
  const [autorotatePaused, setAutorotatePaused] = useState(false);
  const [rotating, setRotating] = useState(false);
  const idle = useRef<IdleRotation | null>(null);
  useEffect(() => {
    const rotation = idleRotation({ onChange: setRotating });
    idle.current = rotation;
    const interact = () => rotation.interact();
    const inputs = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'focusin'] as const;
    for (const type of inputs) window.addEventListener(type, interact, { capture: true, passive: true });
    return () => {
      for (const type of inputs) window.removeEventListener(type, interact, { capture: true });
      rotation.dispose();
      idle.current = null;
      setRotating(false);
    };
  }, []);
  const mayRotate = autorotateAllowed({
    ready: show3d && ready === pano?.id,
    reducedMotion,
    paused: autorotatePaused,
    editing,
    hotspotFocused: focus !== null,
    gyro: gyro === 'on',
    touring: tourIndex !== null,
  });
  useEffect(() => idle.current?.setBlocked(!mayRotate), [mayRotate]);
  useEffect(() => {
    if (!rotating) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function turn(now) {
      const elapsed = now - last;
      last = now;
      setView((v) => autorotateView(v, elapsed));
      frame = requestAnimationFrame(turn);
    });
    return () => cancelAnimationFrame(frame);
  }, [rotating]);

  // tour
  const steps = room.tourSteps;
  const step: TourStepView | null = tourIndex !== null ? (steps[tourIndex] ?? null) : null;
  function showStep(index: number) {
    const next = steps[index];
    if (!next) {
      setTourIndex(null);
      return;
    }
    setTourIndex(index);
    if (next.panoId !== pano?.id) choosePano(next.panoId, next.view);
    else animateTo(next.view);
  }
  const highlighted = step?.infoPointId ?? null;

  // a room not set up yet: the spec's text instead of the viewer
  const setupMissing = !pano || room.setup === 'NO_PANOS' ? 'NO_PANOS' : visitSetupMissing ? 'NO_INITIAL_VIEW' : null;
  if (!pano || setupMissing) {
    return (
      <section aria-label={t('viewer.region', { name: room.name })} className="rounded-lg bg-white p-6 shadow-sm" data-room-viewer lang={lang}>
        <p role="status" className="text-gray-800" data-room-setup={setupMissing}>
          {t(setupMissing === 'NO_PANOS' ? 'viewer.noPanos' : 'viewer.noInitialView')}
        </p>
      </section>
    );
  }

  const hrefOfPano = panoHref ?? ((id: string) => `?pano=${encodeURIComponent(id)}`);
  const is3dReady = show3d && ready === pano.id;
  const listId = `room-${room.id}-list`;
  // the hotspots on the 3D stage, nav points first (the Tab order)
  const hotspots = [
    ...ordered.nav.map((point) => ({
      focusOf: { kind: 'nav' as const, point },
      label: t('viewer.navPoint', { name: point.name }),
      highlighted: false,
      activate: () => activateNav(point),
    })),
    ...ordered.info.map((point) => ({
      focusOf: { kind: 'info' as const, point },
      label: point.target ? t('viewer.infoPoint', { name: point.name }) : t('viewer.infoPointLogin', { name: point.name }),
      highlighted: highlighted === point.id,
      activate: () => setOpenInfo(point),
    })),
  ];

  return (
    <section aria-label={t('viewer.region', { name: room.name })} className="space-y-3" data-room-viewer data-mode={mode} lang={lang}>
      <a href={`#${listId}`} className="sr-only focus:not-sr-only focus:inline-block focus:rounded focus:bg-white focus:px-3 focus:py-1">
        {t('viewer.skipToList')}
      </a>
      {/* one frame and one poster picture for the server's flat strip and the 3D view: hydration changes the
          picture's classes, not the element, so the poster the server sent stays the page's LCP */}
      <div ref={frameRef} className={fullscreen ? 'fixed inset-0 z-50 bg-black' : undefined} data-room-frame data-fullscreen={fullscreen ? '' : undefined}>
      <PanoramaFrame
        pano={pano}
        flat={!show3d}
        fullscreen={fullscreen}
        onPosterSettled={onPosterSettled}
        label={t('viewer.strip', { name: pano.name })}
        posterPosition={`${equirectOf(viewFacingPoint(view)).u * 100}% 50%`}
        after={
          show3d ? null : (
            <>
              <figcaption className="mt-1 text-sm text-gray-700">{t('viewer.stripHint')}</figcaption>
              {failed ? <StageMessage>{t('viewer.textureError')}</StageMessage> : null}
              {hydrated && !webgl ? <StageMessage>{t('viewer.noWebgl')}</StageMessage> : null}
            </>
          )
        }
      >
        {show3d ? (
          <>
              <FallbackBoundary fallback={<StageMessage>{t('viewer.textureError')}</StageMessage>}>
                <Suspense fallback={null}>
                  {picture ? <Room3D picture={picture} view={view} onReady={onReady} onError={onError} onMaxTextureSize={setMaxTexture} onNoWebgl={onNoWebgl} /> : null}
                </Suspense>
              </FallbackBoundary>
              {/* role application: the panorama takes the arrow keys and +/- itself (a focusable widget of its own) */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
              <div
                ref={stageRef}
                role="application"
                aria-roledescription={t('viewer.roleDescription')}
                aria-label={t('viewer.panorama', { name: pano.name })}
                aria-busy={!is3dReady}
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                onKeyDown={onKeyDown}
                className={`absolute inset-0 touch-none select-none outline-none ring-inset ring-brand-pink focus-visible:ring-4 ${editing ? 'cursor-crosshair' : 'cursor-grab active:cursor-grabbing'}`}
                data-room-stage
                data-room-ready={is3dReady ? pano.id : undefined}
                data-view={`${view.azimuthalAngle.toFixed(3)},${view.polarAngle.toFixed(3)},${view.focalLength.toFixed(1)}`}
                data-autorotate={rotating ? 'on' : 'off'}
              >
                {hotspots.map(({ focusOf, label, highlighted: lit, activate }) => (
                  <Hotspot
                    key={focusOf.point.id}
                    point={focusOf.point}
                    kind={focusOf.kind}
                    highlighted={lit}
                    label={label}
                    view={view}
                    viewport={viewport}
                    onActivate={activate}
                    onFocusPoint={() => {
                                        setFocus(focusOf);
                    }}
                    onBlurPoint={() => setFocus(null)}
                    turnTo={(target) => animateTo(viewFacing(target, viewRef.current.focalLength), 300)}
                  />
                ))}
              </div>
              <div className="absolute right-2 top-2 flex flex-col gap-2" data-room-controls>
                <ControlButton label={fullscreen ? t('viewer.controls.exitFullscreen') : t('viewer.controls.fullscreen')} onPress={toggleFullscreen} data="fullscreen">
                  <path d={fullscreen ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} />
                </ControlButton>
                <ControlButton label={t('viewer.controls.zoomIn')} disabled={!canZoom(view, 1)} onPress={() => zoomBy(ZOOM_STEP)} data="zoom-in">
                  <path d="M12 5v14M5 12h14" />
                </ControlButton>
                <ControlButton label={t('viewer.controls.zoomOut')} disabled={!canZoom(view, -1)} onPress={() => zoomBy(1 / ZOOM_STEP)} data="zoom-out">
                  <path d="M5 12h14" />
                </ControlButton>
                <ControlButton label={t('viewer.controls.compass', { heading: headingDegrees(view) })} onPress={resetView} data="compass">
                  <g transform={`rotate(${compassRotation(view)} 12 12)`}>
                    <path d="M12 3l3 9h-6z" fill="#e45364" stroke="#e45364" />
                    <path d="M12 21l-3-9h6z" fill="currentColor" />
                  </g>
                </ControlButton>
                {!editing && !reducedMotion ? (
                  <ControlButton label={t('viewer.controls.autorotate')} pressed={!autorotatePaused} onPress={() => setAutorotatePaused((paused) => !paused)} data="autorotate">
                    <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4" />
                  </ControlButton>
                ) : null}
                {gyroSupported ? (
                  <ControlButton label={t('viewer.controls.gyro')} pressed={gyro === 'on'} onPress={() => void toggleGyro()} data="gyro">
                    <path d="M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2M3 9a9 9 0 0 0 0 6M21 9a9 9 0 0 1 0 6" />
                  </ControlButton>
                ) : null}
              </div>
              {!is3dReady ? <StageMessage status>{t('viewer.loading')}</StageMessage> : null}
              <p className="pointer-events-none absolute inset-x-0 bottom-0 bg-black/50 px-3 py-1 text-center text-sm text-white" aria-hidden="true">
                {focus ? focus.point.name : editing ? t('viewer.editHint') : t('viewer.hint')}
              </p>
          </>
        ) : (
          <StripPoints
            pano={pano}
            hrefOfPano={hrefOfPano}
            loginHref={room.loginHref}
            navLabel={(p) => t('viewer.navPoint', { name: p.name })}
            infoLabel={(p) => (p.target ? t('viewer.infoPoint', { name: p.name }) : t('viewer.infoPointLogin', { name: p.name }))}
            onPano={hydrated ? (id) => choosePano(id) : undefined}
            onInfo={hydrated ? setOpenInfo : undefined}
          />
        )}
      </PanoramaFrame>
      </div>

      {hydrated ? (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-pressed={lite}
            onClick={() => setLite((v) => !v)}
            className="rounded-md border border-gray-400 bg-white px-3 py-1.5 text-sm font-medium text-gray-900 outline-none ring-brand-pink hover:bg-gray-50 focus-visible:ring-2"
            data-room-lite
          >
            {t('viewer.lite')}
          </button>
          {steps.length > 0 && tourIndex === null ? (
            <button
              type="button"
              onClick={() => showStep(0)}
              className="rounded-md bg-brand-dark px-3 py-1.5 text-sm font-semibold text-white outline-none ring-brand-pink hover:opacity-90 focus-visible:ring-2"
              data-room-tour-start
            >
              {t('viewer.tour.start')}
            </button>
          ) : null}
          {gyro === 'denied' ? (
            <p role="status" className="text-sm text-gray-800">
              {t('viewer.controls.gyroDenied')}
            </p>
          ) : null}
        </div>
      ) : null}
      {/* the panos as links (issue 24 item 14): `?pano=` without JavaScript; with it the viewer, or the page that owns
          the selection (the editor's URL), switches in place */}
      {room.panos.length > 1 ? (
        <nav aria-label={t('viewer.list.panos')} className="flex flex-wrap gap-1" data-room-panos>
          {room.panos.map((p) => (
            <a
              key={p.id}
              href={hrefOfPano(p.id)}
              aria-current={p.id === pano.id ? 'page' : undefined}
              onClick={
                hydrated
                  ? (event) => {
                      event.preventDefault();
                      choosePano(p.id);
                    }
                  : undefined
              }
              className={`inline-flex min-h-11 items-center rounded-md px-3 text-sm outline-none ring-brand-pink focus-visible:ring-2 ${p.id === pano.id ? 'bg-brand-dark text-white' : 'bg-gray-100 text-gray-900 hover:bg-gray-200'}`}
            >
              {p.name}
            </a>
          ))}
        </nav>
      ) : null}

      {step && tourIndex !== null ? (
        <TourPanel
          step={step}
          index={tourIndex}
          count={steps.length}
          info={pano.infoPoints.find((p) => p.id === step.infoPointId) ?? null}
          onBack={() => showStep(tourIndex - 1)}
          onNext={() => showStep(tourIndex + 1)}
          onEnd={() => setTourIndex(null)}
          onInfo={(point) => setOpenInfo(point)}
        />
      ) : null}

      <ListView
        id={listId}
        room={room}
        pano={pano}
        hrefOfPano={hrefOfPano}
        currentStep={tourIndex !== null ? tourIndex + 1 : listStep}
        onPano={hydrated ? (id) => choosePano(id) : undefined}
        onStep={hydrated ? (index) => showStep(index) : undefined}
        onInfo={hydrated ? setOpenInfo : undefined}
      />

      <InfoDialog point={openInfo} loginHref={room.loginHref} onClose={() => setOpenInfo(null)} />
    </section>
  );
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Whether the visitor asked for reduced motion (`prefers-reduced-motion: reduce`), following changes; false on the server. */
function useReducedMotion(): boolean {
  const [reduce, setReduce] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    setReduce(query.matches);
    const onChange = () => setReduce(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduce;
}
/** The point the view looks at (for the poster's object-position before the 3D view is ready). */
function viewFacingPoint(view: RoomViewAngles): Vec3 {
  const s = Math.sin(view.polarAngle);
  return { x: -s * Math.sin(view.azimuthalAngle), y: Math.cos(view.polarAngle), z: -s * Math.cos(view.azimuthalAngle) };
}

function StageMessage({ children, status = false }: { children: ReactNode; status?: boolean }) {
  return (
    <p
      role={status ? 'status' : 'alert'}
      className="pointer-events-none absolute left-1/2 top-4 -translate-x-1/2 rounded-md bg-white/90 px-4 py-2 text-center text-sm font-medium text-gray-900 shadow"
      data-room-message
    >
      {children}
    </p>
  );
}

function Hotspot({
  point,
  kind,
  label,
  view,
  viewport,
  highlighted = false,
  onActivate,
  onFocusPoint,
  onBlurPoint,
  turnTo,
}: {
  point: NavPointView | InfoPointView;
  kind: 'nav' | 'info';
  label: string;
  view: RoomViewAngles;
  viewport: Viewport;
  highlighted?: boolean;
  onActivate: () => void;
  onFocusPoint: () => void;
  onBlurPoint: () => void;
  turnTo: (point: Vec3) => void;
}) {
  const at = viewport.width > 0 ? projectPoint(point, view, viewport) : null;
  const shown = Boolean(at?.visible);
  const [focused, setFocused] = useState(false);
  // a focused point is never a hidden 1×1 px box (issue 24 item 16): out of sight it waits at the stage's edge
  // nearest to it (its centre while behind the camera) with its focus ring, while the view turns to it
  const place = shown && at ? at : focused && viewport.width > 0 ? edgeOf(at, viewport) : null;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onActivate();
      }}
      onPointerDown={(event) => event.stopPropagation()}
      onFocus={() => {
        setFocused(true);
        onFocusPoint();
        // a point out of sight (behind the camera or off the canvas) comes into view when reached by Tab
        if (!shown) turnTo(point);
      }}
      onBlur={() => {
        setFocused(false);
        onBlurPoint();
      }}
      // behind the camera and not focused: not drawn, but still reachable by Tab
      className={
        place
          ? `group absolute flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white text-white shadow-lg outline-none transition-transform hover:scale-110 focus-visible:scale-110 focus-visible:ring-4 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-pink ${kind === 'nav' ? 'bg-brand-dark/85' : 'bg-brand-pink-text/90'} ${highlighted ? 'ring-4 ring-yellow-300' : ''}`
          : 'sr-only'
      }
      style={place ? { left: place.left, top: place.top } : undefined}
      data-hotspot={kind}
      data-point-id={point.id}
      data-visible={shown ? 'true' : 'false'}
    >
      {point.icon?.url ? (
        <img src={point.icon.url} alt="" className="h-6 w-6 object-contain" />
      ) : (
        <span aria-hidden="true" className="text-lg font-bold leading-none">
          {kind === 'nav' ? '➜' : 'i'}
        </span>
      )}
      {place ? (
        // the point's name as a tooltip: on hover and focus, always on touch screens (nothing to hover there)
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-1/2 top-full mt-1.5 hidden max-w-[14rem] -translate-x-1/2 truncate whitespace-nowrap rounded bg-black/80 px-2 py-0.5 text-xs font-medium text-white shadow group-hover:block group-focus-visible:block [@media(hover:none)]:block"
          data-hotspot-tooltip
        >
          {point.name}
        </span>
      ) : null}
    </button>
  );
}

/** Where a focused point out of sight waits: inside the stage's edge towards it, or the centre when it lies behind. */
function edgeOf(at: { left: number; top: number } | null, viewport: Viewport): { left: number; top: number } {
  const margin = 28;
  if (!at) return { left: viewport.width / 2, top: viewport.height / 2 };
  const clampTo = (value: number, size: number) => Math.min(size - margin, Math.max(margin, value));
  return { left: clampTo(at.left, viewport.width), top: clampTo(at.top, viewport.height) };
}

/** A round button over the panorama (full screen, zoom, compass, gyroscope): 44 px, its name for screen readers. */
function ControlButton({ label, onPress, disabled = false, pressed, data, children }: { label: string; onPress: () => void; disabled?: boolean; pressed?: boolean; data: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-disabled={disabled || undefined}
      aria-pressed={pressed}
      onClick={() => {
        if (!disabled) onPress();
      }}
      className={`flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-brand-dark shadow-md outline-none ring-brand-pink hover:bg-white focus-visible:ring-4 aria-disabled:opacity-50 aria-pressed:bg-brand-dark aria-pressed:text-white`}
      data-room-control={data}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {children}
      </svg>
    </button>
  );
}


/**
 * The panorama's frame and its poster picture. Flat (no JavaScript, "lite", no WebGL or a failed texture): the 2:1
 * strip at the stage's height, scrolling sideways, with the points as links on it. Not flat: the 3D stage, the
 * poster covering it until the canvas draws its first frame. The same elements in both, so the switch after
 * hydration keeps the poster the server sent (a new, larger picture would be a later LCP).
 */
function PanoramaFrame({
  pano,
  flat,
  fullscreen = false,
  label,
  posterPosition,
  onPosterSettled,
  after,
  children,
}: {
  pano: PanoView;
  flat: boolean;
  fullscreen?: boolean;
  label: string;
  posterPosition: string;
  /** the poster has loaded or failed (also when that happened before hydration, when React saw no event) */
  onPosterSettled?: () => void;
  after?: ReactNode;
  children?: ReactNode;
}) {
  const poster = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (poster.current?.complete) onPosterSettled?.();
  }, [pano.picture.poster, onPosterSettled]);
  return (
    <figure className="relative m-0">
      <div className={`${flat ? 'overflow-x-auto' : 'overflow-hidden'} ${fullscreen ? '' : 'rounded-lg'} bg-black`} data-room-strip={flat ? '' : undefined}>
        <div className={`relative ${fullscreen ? 'h-[100dvh]' : STAGE_HEIGHT} ${flat ? 'w-max min-w-full' : 'w-full'}`}>
          <img
            ref={poster}
            src={pano.picture.poster}
            onLoad={onPosterSettled}
            onError={onPosterSettled}
            alt={flat ? label : ''}
            className={flat ? 'h-full w-auto max-w-none' : 'absolute inset-0 h-full w-full object-cover'}
            style={flat ? undefined : { objectPosition: posterPosition }}
            width={pano.picture.width}
            height={pano.picture.height}
            {...{ fetchpriority: 'high' }}
            data-room-poster
          />
          {children}
        </div>
      </div>
      {after}
    </figure>
  );
}

/** The points of the flat strip, as links placed on the picture. */
function StripPoints({
  pano,
  hrefOfPano,
  loginHref,
  navLabel,
  infoLabel,
  onPano,
  onInfo,
}: {
  pano: PanoView;
  hrefOfPano: (id: string) => string;
  loginHref: string;
  navLabel: (p: NavPointView) => string;
  infoLabel: (p: InfoPointView) => string;
  onPano?: (id: string) => void;
  onInfo?: (p: InfoPointView) => void;
}) {
  const links = [
    ...pano.navPoints.map((point) => ({
      point,
      kind: 'nav' as const,
      label: navLabel(point),
      href: point.destination.kind === 'PANO' ? hrefOfPano(point.destination.panoId) : point.destination.href,
      external: point.destination.kind !== 'PANO' && point.destination.external,
      onClick: point.destination.kind === 'PANO' && onPano ? () => onPano((point.destination as { panoId: string }).panoId) : undefined,
    })),
    ...pano.infoPoints.map((point) => ({
      point,
      kind: 'info' as const,
      label: infoLabel(point),
      href: infoHref(point, loginHref),
      external: point.target?.kind === 'IFRAME',
      onClick: onInfo ? () => onInfo(point) : undefined,
    })),
  ];
  return (
    <>
      {links.map(({ point, ...link }) => {
        const { u, v } = equirectOf(point);
        return <StripLink key={point.id} u={u} v={v} {...link} />;
      })}
    </>
  );
}

function StripLink({ u, v, label, href, external, onClick, kind }: { u: number; v: number; label: string; href: string; external: boolean; onClick?: () => void; kind: 'nav' | 'info' }) {
  return (
    <a
      href={href}
      aria-label={label}
      title={label}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      onClick={(event) => {
        if (!onClick) return;
        event.preventDefault();
        onClick();
      }}
      className={`absolute flex h-10 w-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white text-white shadow-lg outline-none ring-brand-pink focus-visible:ring-4 ${kind === 'nav' ? 'bg-brand-dark/85' : 'bg-brand-pink-text/90'}`}
      style={{ left: `${u * 100}%`, top: `${v * 100}%` }}
      data-strip-point={kind}
    >
      <span aria-hidden="true" className="text-lg font-bold leading-none">
        {kind === 'nav' ? '➜' : 'i'}
      </span>
    </a>
  );
}

/** Where an info point leads without JavaScript: its content page, its iframe's page, or the login. */
export function infoHref(point: InfoPointView, loginHref: string): string {
  if (!point.target) return loginHref;
  return point.target.kind === 'CONTENT_PAGE' ? point.target.href : point.target.url;
}

/**
 * The list view (issue 17): the room as links, readable without the panorama: the panos (`?pano=`), the current
 * pano's nav and info points, the tour's steps with their text (`?step=`). Always rendered, so it works without
 * JavaScript; with JavaScript the links act in place.
 */
export function ListView({
  id,
  room,
  pano,
  hrefOfPano,
  currentStep,
  onPano,
  onStep,
  onInfo,
}: {
  id: string;
  room: RoomView;
  pano: PanoView;
  hrefOfPano: (id: string) => string;
  /** the tour step shown, counted from 1 */
  currentStep?: number;
  onPano?: (id: string) => void;
  onStep?: (index: number) => void;
  onInfo?: (p: InfoPointView) => void;
}) {
  const { t } = useTranslation('roomsviewer');
  const reference = (pano.initialView ?? room.initialView ?? DEFAULT_VIEW).azimuthalAngle;
  const nav = sortByAngle(pano.navPoints, reference);
  const info = sortByAngle(pano.infoPoints, reference);
  const linkClass = 'text-brand-dark underline underline-offset-2 outline-none ring-brand-pink focus-visible:ring-2';
  const intercept = (handler?: () => void) =>
    handler
      ? (event: React.MouseEvent) => {
          event.preventDefault();
          handler();
        }
      : undefined;
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 shadow-sm outline-none" data-room-list>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('viewer.list.title')}
      </h2>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">{t('viewer.list.panos')}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {room.panos.map((p) => (
              <li key={p.id}>
                <a href={hrefOfPano(p.id)} aria-current={p.id === pano.id ? 'page' : undefined} onClick={intercept(onPano ? () => onPano(p.id) : undefined)} className={linkClass}>
                  {p.name}
                </a>
                {p.id === pano.id ? <span className="ml-1 text-sm text-gray-700">{t('viewer.list.current')}</span> : null}
              </li>
            ))}
          </ul>
          <h3 className="mt-3 font-semibold">{t('viewer.list.navPoints', { name: pano.name })}</h3>
          {nav.length === 0 ? <p className="text-sm text-gray-700">{t('viewer.list.none')}</p> : null}
          <ul className="mt-1 list-disc space-y-1 pl-5" data-list="nav">
            {nav.map((point) => {
              const d = point.destination;
              return (
                <li key={point.id}>
                  <a
                    href={d.kind === 'PANO' ? hrefOfPano(d.panoId) : d.href}
                    {...(d.kind !== 'PANO' && d.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    onClick={intercept(d.kind === 'PANO' && onPano ? () => onPano(d.panoId) : undefined)}
                    className={linkClass}
                  >
                    {point.name}
                  </a>
                  {d.kind !== 'PANO' && d.external ? <span className="ml-1 text-sm text-gray-700">{t('viewer.list.external')}</span> : null}
                </li>
              );
            })}
          </ul>
          <h3 className="mt-3 font-semibold">{t('viewer.list.infoPoints', { name: pano.name })}</h3>
          {info.length === 0 ? <p className="text-sm text-gray-700">{t('viewer.list.none')}</p> : null}
          <ul className="mt-1 list-disc space-y-1 pl-5" data-list="info">
            {info.map((point) => (
              <li key={point.id}>
                <a
                  href={infoHref(point, room.loginHref)}
                  {...(point.target?.kind === 'IFRAME' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  onClick={intercept(onInfo ? () => onInfo(point) : undefined)}
                  className={linkClass}
                >
                  {point.target ? point.name : t('viewer.infoPointLogin', { name: point.name })}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {room.tourSteps.length > 0 ? (
          <div>
            <h3 className="font-semibold">{t('viewer.list.tour')}</h3>
            <ol className="mt-1 list-decimal space-y-2 pl-5" data-list="tour">
              {room.tourSteps.map((s, index) => (
                <li key={s.id} aria-current={currentStep === index + 1 ? 'step' : undefined}>
                  <a href={`${hrefOfPano(s.panoId)}&step=${index + 1}`} onClick={intercept(onStep ? () => onStep(index) : undefined)} className={`${linkClass} ${currentStep === index + 1 ? 'font-semibold' : ''}`}>
                    {s.title}
                  </a>
                  {s.text ? <p className="text-sm text-gray-800">{s.text}</p> : null}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function TourPanel({
  step,
  index,
  count,
  info,
  onBack,
  onNext,
  onEnd,
  onInfo,
}: {
  step: TourStepView;
  index: number;
  count: number;
  info: InfoPointView | null;
  onBack: () => void;
  onNext: () => void;
  onEnd: () => void;
  onInfo: (p: InfoPointView) => void;
}) {
  const { t } = useTranslation('roomsviewer');
  const progress = tourProgress(index, count);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), [step.id]);
  const buttonClass = 'rounded-md border border-gray-400 bg-white px-3 py-1.5 text-sm font-medium text-gray-900 outline-none ring-brand-pink hover:bg-gray-50 focus-visible:ring-2 disabled:opacity-50';
  return (
    <section aria-labelledby="room-tour-title" className="rounded-lg bg-white p-4 shadow-sm" data-room-tour>
      <p className="text-sm text-gray-700">
        {t('viewer.tour.title')} · {t('viewer.tour.step', { index: index + 1, count })}
      </p>
      <div role="progressbar" aria-label={t('viewer.tour.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="mt-1 h-2 w-full overflow-hidden rounded bg-gray-200">
        <div className="h-full bg-brand-dark" style={{ width: `${progress}%` }} />
      </div>
      <h2 id="room-tour-title" ref={titleRef} tabIndex={-1} className="mt-2 text-lg font-semibold outline-none">
        {step.title}
      </h2>
      <div aria-live="polite">{step.text ? <p className="mt-1 whitespace-pre-line text-gray-900">{step.text}</p> : null}</div>
      {step.audioUrl ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the step's text is the transcript shown above
        <audio key={step.id} src={step.audioUrl} controls autoPlay className="mt-2 w-full" aria-label={t('viewer.tour.audio', { title: step.title })} data-room-audio />
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={onBack} disabled={index === 0} className={buttonClass}>
          {t('viewer.tour.back')}
        </button>
        {index + 1 < count ? (
          <button type="button" onClick={onNext} className={buttonClass} data-room-tour-next>
            {t('viewer.tour.next')}
          </button>
        ) : (
          <button type="button" onClick={onEnd} className={buttonClass} data-room-tour-done>
            {t('viewer.tour.done')}
          </button>
        )}
        {info ? (
          <button type="button" onClick={() => onInfo(info)} className={buttonClass}>
            {t('viewer.tour.showInfo', { name: info.name })}
          </button>
        ) : null}
        <button type="button" onClick={onEnd} className={buttonClass}>
          {t('viewer.tour.end')}
        </button>
      </div>
    </section>
  );
}

/**
 * An info point's content in a dialog (the native <dialog>, like every visitor dialog: no react-aria on visitor
 * pages): a content page in an iframe of its visitor page, an IFRAME target in a sandboxed iframe, or the
 * request to log in when the point needs a login the visitor lacks.
 */
function InfoDialog({ point, loginHref, onClose }: { point: InfoPointView | null; loginHref: string; onClose: () => void }) {
  const { t } = useTranslation('roomsviewer');
  const target = point?.target ?? null;
  const title = point ? (target ? target.title || point.name : t('viewer.info.loginTitle')) : '';
  const src = target ? (target.kind === 'CONTENT_PAGE' ? target.href : target.url) : null;
  const sameOrigin = src ? isSameOrigin(src) : false;
  return (
    <VisitorDialog id="room-info" title={title} open={Boolean(point)} onClose={onClose} wide>
      {point && target && src ? (
        <div className="space-y-2" data-room-info={point.id}>
          <iframe
            src={src}
            title={title}
            className="h-[60vh] w-full rounded border-0 bg-white"
            // our own content page may run its scripts as itself; a foreign page gets its own origin but no more
            sandbox={sameOrigin ? 'allow-scripts allow-same-origin allow-popups allow-forms' : 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation'}
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
          />
          <a href={src} target="_blank" rel="noopener noreferrer" className="text-sm text-brand-dark underline">
            {t('viewer.info.openPage')}
          </a>
        </div>
      ) : point ? (
        <div className="space-y-3" data-room-info={point.id}>
          <p>{t('viewer.info.loginText')}</p>
          <a href={loginHref} className="inline-block rounded-md bg-brand-dark px-4 py-2 font-semibold text-white">
            {t('viewer.info.login')}
          </a>
        </div>
      ) : null}
    </VisitorDialog>
  );
}

function isSameOrigin(url: string): boolean {
  if (typeof window === 'undefined') return url.startsWith('/') && !url.startsWith('//');
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}
