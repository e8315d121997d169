/** What a computation will hold, estimated from its inputs before it is built and refused up front with both figures (MemoryBudget). */
package org.oft.controller.limits;
