/** Navigation usable outside React (the API base query); the router registers itself here. */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  navigateImpl(path, options);
}
