// Apply the saved theme before first paint so there is no flash of the wrong theme.
// A file, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
try {
  var t = localStorage.getItem('continuum.theme');
  if (t === 'light' || t === 'dark') document.documentElement.dataset.theme = t;
} catch (e) {}
