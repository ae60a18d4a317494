// The async boundary: the federation runtime negotiates the share scope (react, antd, ...)
// before any shared module is consumed, so shell and remotes end up on one copy of each.
import('./bootstrap');
