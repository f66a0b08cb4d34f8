/* Test scaffolding for .ci/exe.sh only; never shipped. Bun's Windows runtime imports ProcessPrng from
   bcryptprimitives.dll, which Windows 10 and later have and Debian 12's wine 8.0 lacks. Placed beside the .exe under
   wine, this DLL answers it with RtlGenRandom (advapi32's SystemFunction036).
   Built by .ci/exe.sh: x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
    if (!SystemFunction036(data, chunk)) return FALSE;
    data += chunk;
    length -= chunk;
  }
  return TRUE;
}
