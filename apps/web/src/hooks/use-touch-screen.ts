import { mediaQueryHook } from './use-media-query';

/**
 * A screen used by touch, with no mouse to hover: a phone or a tablet (issue 23 §3). A laptop with a touch
 * screen keeps its fine pointer and so does not match: it has a keyboard.
 */
export const TOUCH_SCREEN_QUERY = '(hover: none) and (pointer: coarse)';

/**
 * True on a touch screen without a mouse, where hints about keys («Tab переходить…», «Enter…») mean nothing
 * and are left out; follows the query as it changes (a tablet's keyboard and mouse attached).
 */
export const useIsTouchScreen: () => boolean = mediaQueryHook(TOUCH_SCREEN_QUERY);
