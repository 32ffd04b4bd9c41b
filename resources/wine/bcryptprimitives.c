/*
 * bcryptprimitives.c: the one function of Windows' bcryptprimitives.dll
 * that Go programs (Go 1.22 on) need at start, ProcessPrng, for versions of
 * wine that lack the DLL (Debian's wine 8.0). It fills the buffer from
 * advapi32's RtlGenRandom (exported as SystemFunction036), the system's
 * cryptographic generator. Used only to run nimlab's Windows build and
 * tests under wine; built at test time (see Makefile, wine-prefix):
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
