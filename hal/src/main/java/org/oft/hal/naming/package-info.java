/** The one way a part of either fabric is named (PartName) and the one grammar of faults and failures (FaultSpec). */
package org.oft.hal.naming;
