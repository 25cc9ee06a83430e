import { messages } from '#shared/messages.ts';
import { Icon } from '#client/ui/icons.tsx';
import type { WakeLockStatus } from '#client/lib/use-wake-lock.ts';

interface NotificationIndicatorProps {
  permission: NotificationPermission | 'unsupported';
  onAsk(): void;
}

/**
 * Notifications as one icon in the header: a bell to tap while the browser has not been asked,
 * a green bell once allowed, a struck-out one when blocked (the footer says where to change it).
 */
export function NotificationIndicator({ permission, onAsk }: NotificationIndicatorProps) {
  if (permission === 'default') {
    return (
      <button
        type="button"
        className="stage-icon-status stage-notify-button"
        aria-label="Enable notifications"
        title="Enable notifications"
        onClick={onAsk}
      >
        <Icon name="bell" />
      </button>
    );
  }
  const on = permission === 'granted';
  const words = on ? 'Notifications on' : 'Notifications off';
  return (
    <p className="stage-icon-status notification-indicator" data-state={permission} title={words}>
      <Icon name={on ? 'bell' : 'bellOff'} />
      <span className="visually-hidden">{words}</span>
    </p>
  );
}

/** The screen kept awake (a sun), or a warning that it may sleep; nothing while no show runs. */
export function WakeLockIndicator({ status }: { status: WakeLockStatus }) {
  if (status !== 'on' && status !== 'failed') return null;
  const words = status === 'on' ? messages.wakeLockOn : messages.wakeLockFailed;
  return (
    <p className="stage-icon-status wake-lock-indicator" data-state={status} title={words}>
      <Icon name="sun" />
      <span className="visually-hidden">{words}</span>
    </p>
  );
}
