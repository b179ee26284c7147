// Nothing to compile: the module only declares libFuzzer's driver for Swift.
#include "CFuzzDriver.h"
