// The inline <head> script that sets the theme class before first paint, so no page ever flashes the
// wrong theme: the stored choice, else the system's preference; it also marks the page as `js`.
import { THEME_STORAGE_KEY } from "../shared/theme-key.ts";

export const themeScript =
  `(function(){var d=document.documentElement,t=null;try{t=localStorage.getItem('${THEME_STORAGE_KEY}')}catch(e){}` +
  "if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "d.classList.remove('light','dark');d.classList.add(t,'js')})()";
