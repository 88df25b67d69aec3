interface ImportMetaEnv {
  /** The release id web vitals are reported under, set in the environment of `vite build`. */
  readonly VITE_RELEASE?: string;
}
