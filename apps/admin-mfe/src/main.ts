// The remote's own development page (webpack serve). The async boundary lets federation set up
// the shared singletons before the App's imports run, exactly as when the shell loads it.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
