// The async boundary: federation must initialise the shared singletons (react, react-dom, ...)
// before any module that imports them runs, so everything else loads behind this import.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
