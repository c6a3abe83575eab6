// Only the Bengali-script subset (the Latin text uses the system font), regular and semi-bold.
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/bengali-600.css';
