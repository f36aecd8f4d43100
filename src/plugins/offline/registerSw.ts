/**
 * Registers the service worker, replacing the PWA plugin's own registration (its swRegister
 * option) on two points:
 *
 * - The worker registers only when offline mode is on: an activation strategy holds (the app
 *   is installed, runs standalone, the page was opened with ?offlineMode=true, or a configured
 *   strategy such as "mobile" or "always" matches). Otherwise no worker is registered, and one
 *   left from an earlier visit is removed.
 * - ?offlineMode=true is remembered in browser storage, so the offline copy survives the next
 *   visit without the parameter; ?offlineMode=false forgets it.
 *
 * Failures (no service workers, a failed registration, storage that throws) are logged to the
 * console only: the site works the same without offline mode.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { createStorageSlot } from '@docusaurus/theme-common';

// Set by the PWA plugin's bundler configuration.
const serviceWorkerUrl = process.env.PWA_SERVICE_WORKER_URL as unknown as string;
const activationStrategies = process.env.PWA_OFFLINE_MODE_ACTIVATION_STRATEGIES as unknown as string[];
const debug = Boolean(process.env.PWA_DEBUG);

/** Width at and below which the site uses its mobile layout (spec 9). */
const mobileMaxWidth = 996;

const appInstalledStorage = createStorageSlot('docusaurus.pwa.event.appInstalled.fired');
const offlineModeStorage = createStorageSlot('docusaurus.pwa.offlineMode');

function log(message: string, detail?: unknown): void {
  if (debug) {
    console.log(`[offline] ${message}`, detail ?? '');
  }
}

function queryStringChoice(): boolean {
  const value = new URLSearchParams(window.location.search).get('offlineMode');
  if (value === 'true') {
    offlineModeStorage.set('true');
  } else if (value === 'false') {
    offlineModeStorage.del();
  }
  return value === 'true' || offlineModeStorage.get() === 'true';
}

async function isAppInstalled(): Promise<boolean> {
  if (appInstalledStorage.get() === 'true') {
    return true;
  }
  const navigatorWithApps = navigator as Navigator & { getInstalledRelatedApps?: () => Promise<{ platform: string }[]> };
  if (!navigatorWithApps.getInstalledRelatedApps) {
    return false;
  }
  try {
    return (await navigatorWithApps.getInstalledRelatedApps()).some((app) => app.platform === 'webapp');
  } catch {
    // Only top-level pages may ask (not an iframe).
    return false;
  }
}

const strategies: Record<string, () => boolean | Promise<boolean>> = {
  always: () => true,
  mobile: () => window.innerWidth <= mobileMaxWidth,
  saveData: () => Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData),
  appInstalled: isAppInstalled,
  standalone: () => window.matchMedia('(display-mode: standalone)').matches,
  queryString: queryStringChoice,
};

export async function isOfflineModeOn(names = activationStrategies): Promise<boolean> {
  const results = await Promise.all(names.map((name) => Promise.resolve(strategies[name]?.() ?? false)));
  log('activation strategies', Object.fromEntries(names.map((name, index) => [name, results[index]])));
  return results.some(Boolean);
}

async function unregisterAll(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  log('offline mode is off: unregistered workers', registrations.length);
}

async function register(): Promise<void> {
  if (!(await isOfflineModeOn())) {
    await unregisterAll();
    return;
  }
  const { Workbox } = await import('workbox-window');
  const url = `${serviceWorkerUrl}?params=${encodeURIComponent(JSON.stringify({ offlineMode: true, debug }))}`;
  const workbox = new Workbox(url);
  const skipWaiting = () => workbox.messageSW({ type: 'SKIP_WAITING' });
  // A new version was deployed and its worker waits: offer to reload into it.
  const onWaiting = async () => {
    const { renderReloadPopup } = await import('@docusaurus/plugin-pwa/lib/renderReloadPopup.js');
    await renderReloadPopup({
      onReload() {
        workbox.addEventListener('controlling', () => {
          window.location.reload();
        });
        void skipWaiting();
      },
    });
  };
  workbox.addEventListener('waiting', () => {
    void onWaiting();
  });
  const registration = await workbox.register();
  if (registration?.waiting) {
    await onWaiting();
  }
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  window.addEventListener('appinstalled', () => {
    appInstalledStorage.set('true');
  });
  register().catch((error: unknown) => {
    console.error('registerSW failed', error);
  });
}
