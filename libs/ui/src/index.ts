import './styles.css';

export { cx } from './class-names';
export { FOCUSABLE_SELECTOR, nextFocusIndex, nextTabIndex } from './focus';
export { starFills, ratingLabel, type StarFill } from './star-fills';
export { acquireScrollLock } from './scroll-lock';
export { useScrollLock } from './useScrollLock';
export { useHydrated } from './useHydrated';
export { useEscapeKey } from './useEscapeKey';
export { useFocusTrap } from './useFocusTrap';
export { useSearchParam } from './useSearchParam';
export { debounce, type Debounced } from './debounce';
export { useDebouncedCallback } from './useDebouncedCallback';
export { useDebouncedValue } from './useDebouncedValue';
export { useShellApi } from './useShellApi';
export { useSignedVideoReload } from './useSignedVideoReload';
export { MAX_VIDEO_RELOADS, reloadFailedVideo, type ReloadableVideo } from './signed-video';
export { withSearchParam } from './search-params';
export { Icon, type IconName, type IconProps } from './Icon';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './Button';
export { TextField, type TextFieldProps } from './TextField';
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField';
export { Stepper, type StepperProps } from './Stepper';
export { stepValue, typedStepperValue, type StepperBounds } from './stepper-value';
export { Switch, type SwitchProps } from './Switch';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { AlertDialog, type AlertDialogProps } from './AlertDialog';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { SearchField, type SearchFieldProps } from './SearchField';
export { Modal, type ModalProps } from './Modal';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { SegmentedControl, type SegmentedControlProps, type SegmentedOption } from './SegmentedControl';
export { SkeletonList, type SkeletonListProps } from './SkeletonList';
export { LoadingView, type LoadingViewProps } from './LoadingView';
export { EmptyView, type EmptyViewProps } from './EmptyView';
export { ErrorView, type ErrorViewProps } from './ErrorView';
export { StarRating, type StarRatingProps } from './StarRating';
export { Badge, type BadgeProps } from './Badge';
export { StepDots, type StepDotsProps } from './StepDots';
export { Page, Panel, type PageProps } from './Page';
export { Placeholder, type PlaceholderProps } from './Placeholder';
export { resolveScreen, type ResolvedScreen, type ScreenMap, type ScreenProps } from './role-routes';
export { RoleRoutes, type RoleRoutesProps } from './RoleRoutes';
export { ToastProvider, useToast, type ToastApi } from './Toast';
export { toastReducer, MAX_VISIBLE_TOASTS, TOAST_DURATION_MS, type ToastMessage, type ToastTone } from './toast-queue';
export {
  ShellContextProvider,
  useShell,
  type RemoteAppProps,
  type ShellAccount,
  type ShellContextProviderProps,
  type ShellContextValue,
} from './shell-context';
// The contract's version and the event hub are imported from '@huddle/ui/shell-contract' (see there why).
export type { LiveEventHub, LiveEventListener, ShellEvents } from './shell-contract';
