// The inline <head> script that sets the theme class before first paint, so no page ever flashes the
// wrong theme: the stored choice, else the system's preference; it also marks the page as `js`.

/** Where the visitor's choice is kept; the toggle (theme.tsx) writes it. Here, not there, so the build,
 * which hashes this script, does not load React. */
export const THEME_STORAGE_KEY = "theme";

export const themeScript =
  `(function(){var d=document.documentElement,t=null;try{t=localStorage.getItem('${THEME_STORAGE_KEY}')}catch(e){}` +
  "if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "d.classList.remove('light','dark');d.classList.add(t,'js')})()";
