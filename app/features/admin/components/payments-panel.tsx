import { AuditLogPanel } from './audit-log-panel.tsx';
import { PaymentsList } from './payments-list.tsx';
import { PayoutLedger } from './payout-ledger.tsx';
import { panelClass } from './styles.ts';

/** The money actions the Payments tab's audit log shows (D24). */
export const PAYMENTS_AUDIT_ACTIONS = ['payment.refund', 'payment.mismatch', 'payout.paid', 'payout.void'] as const;

/** 001 s2 / D24 Payments: every payment with filters and refunds, the payout ledger of D21, and their audit log. */
export function PaymentsPanel() {
  return (
    <div className={panelClass}>
      <PaymentsList />
      <PayoutLedger />
      <AuditLogPanel title="Payments Audit Log" actions={PAYMENTS_AUDIT_ACTIONS} />
    </div>
  );
}
