// After the page is ready, hand the site to the service worker (sw.js) so that the next visit
// is instant and works offline; registering later than that keeps the first visit's downloads
// to themselves.  Without service workers (file:, some private windows) the page works as before.
export function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url))
    .catch((err) => console.warn(`pymaze: no offline copy (${err && err.message})`));
}
