/** What both card forms tell the checkout, and hear back from it. */
export interface CardStepProps {
  clientSecret: string;
  /** Dollars. */
  amount: number;
  /** The provider holds the card: the checkout marks the request paid. */
  onConfirmed: () => void;
  /** set-paid is running. */
  finishing: boolean;
  /** set-paid failed (for example the hold is not visible yet); the form stays for another try. */
  finishError: string | null;
}
