import { mediaQueryHook } from './use-media-query';

/** The system setting «reduce motion» (an accessibility option of every desktop and phone system). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True while the user asks for less motion: antd's zooms, slides and fades are then left out (`AntdConfig`). */
export const usePrefersReducedMotion: () => boolean = mediaQueryHook(REDUCED_MOTION_QUERY);
