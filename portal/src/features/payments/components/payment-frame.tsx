/** The provider's hosted payment page, 700 px tall (SPEC section 9); edge to edge on phones, where every pixel of width counts. */
export function PaymentFrame({ url }: { url: string }) {
  return (
    <iframe
      src={url}
      title="Secure payment page"
      className="-mx-4 block h-[700px] w-[calc(100%+2rem)] border-y border-slate-200 bg-white sm:mx-0 sm:w-full sm:rounded-xl sm:border"
      referrerPolicy="strict-origin-when-cross-origin"
      allow="payment"
    />
  );
}
